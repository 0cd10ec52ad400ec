import { eq, sql } from 'drizzle-orm';
import { UNDO_WINDOW_DEFAULT_HOURS, type UndoSettings, type UndoSettingsBody } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { ACTIVATION_UNDO_HOURS } from '../../db/settings-keys.js';
import type { Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';

/**
 * The undo window of activations (issue 27): a row of the settings table, set by the admin on the
 * Security screen next to its other switches; UNDO_WINDOW_DEFAULT_HOURS when never set, 0 turns undo off.
 */
export async function undoWindowHours(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, ACTIVATION_UNDO_HOURS));
  return undoHoursOf(row?.value);
}

/** The setting's row as a column of another statement (the activation lists read it with their page). */
export const undoWindowSetting = sql<string | null>`(select ${settings.value} from ${settings} where ${settings.key} = ${ACTIVATION_UNDO_HOURS})`;

/** The window in hours from the setting's stored value (undefined or null: never set). */
export function undoHoursOf(value: string | null | undefined): number {
  const hours = value == null ? UNDO_WINDOW_DEFAULT_HOURS : Number(value);
  return Number.isSafeInteger(hours) && hours >= 0 ? hours : UNDO_WINDOW_DEFAULT_HOURS;
}

/** The end of an activation's undo window as ISO time; null when undo is off. */
export function undoUntil(createdAt: Date, hours: number): string | null {
  return hours > 0 ? new Date(createdAt.getTime() + hours * 3_600_000).toISOString() : null;
}

/** GET /api/settings/activation-undo. */
export async function undoSettings(ctx: Ctx): Promise<UndoSettings> {
  return { undo_window_hours: await undoWindowHours(ctx.db) };
}

/**
 * PATCH /api/settings/activation-undo: applies to every activation from now on, the earlier ones
 * included. A wider window gives back more spent credit: a panel-wide protection, after a step-up.
 */
export async function updateUndoSettings({ ctx, input }: { ctx: Ctx; input: UndoSettingsBody }): Promise<UndoSettings> {
  requireStepUp(ctx);
  const value = String(input.undo_window_hours);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: ACTIVATION_UNDO_HOURS, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    await audit(ctx, { action: 'activation.undo-window', targetType: 'settings', details: { undo_window_hours: input.undo_window_hours } }, tx);
  });
  return { undo_window_hours: input.undo_window_hours };
}
