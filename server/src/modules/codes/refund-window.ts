import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';

/**
 * The admin's undo window (issue 27), in hours: an activation can be undone, and an unredeemed
 * code deleted with its price back, this long after it was paid for. The settings row
 * `activation_undo_window_hours` holds it; without one (or an unreadable one), 24; 0 turns both off.
 * The undo's own module sets it (the admin's setting); codes only read it, here.
 */
export const UNDO_WINDOW_SETTING = 'activation_undo_window_hours';
export const UNDO_WINDOW_DEFAULT_HOURS = 24;

export async function undoWindowHours(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, UNDO_WINDOW_SETTING));
  const hours = row ? Number(row.value) : NaN;
  return Number.isFinite(hours) && hours >= 0 ? hours : UNDO_WINDOW_DEFAULT_HOURS;
}
