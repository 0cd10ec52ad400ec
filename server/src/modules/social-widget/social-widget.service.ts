import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AuditDetails, SetSocialWidgetBody } from '@panel/contract';
import { adminRoleId } from '../../db/roles.js';
import { socialWidgets, users } from '../../db/schema.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';

const columns = {
  id: socialWidgets.id,
  whatsapp_number: socialWidgets.whatsappNumber,
  telegram_number: socialWidgets.telegramNumber,
  created_by: socialWidgets.createdBy,
};

async function widgetOf(ctx: Ctx, owner: SQL) {
  const [row] = await ctx.db.select(columns).from(socialWidgets).where(owner).orderBy(desc(socialWidgets.id)).limit(1);
  return row ?? null;
}

/**
 * The footer's contact (core-panel.md §2): a signed-in sub-reseller's parent's widget when the
 * parent has set one, so that its customers reach their own reseller; otherwise the admin's.
 */
export async function current(ctx: Ctx) {
  if (ctx.auth) {
    const [me] = await ctx.db.select({ parent: users.parentResellerId }).from(users).where(eq(users.id, ctx.auth.userId));
    if (me?.parent) {
      const parents = await widgetOf(ctx, eq(socialWidgets.createdBy, me.parent));
      if (parents) return parents;
    }
  }
  const admins = ctx.db.select({ id: users.id }).from(users).where(eq(users.roleId, await adminRoleId(ctx.db)));
  return widgetOf(ctx, inArray(socialWidgets.createdBy, admins));
}

/** POST /api/get-social-widget: the caller's own widget, as its form shows it. */
export async function own(ctx: Ctx) {
  return widgetOf(ctx, eq(socialWidgets.createdBy, callerOf(ctx).userId));
}

/** POST /api/set-social-widget: the caller's widget, created or replaced. */
export async function save(ctx: Ctx, input: SetSocialWidgetBody['requestData']) {
  const me = callerOf(ctx);
  const values = { whatsappNumber: input.whatsapp, telegramNumber: input.telegram?.replace(/^@/, '') ?? null } satisfies AuditDetails<'socialWidget.save'>;
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: socialWidgets.id }).from(socialWidgets).where(eq(socialWidgets.createdBy, me.userId)).for('update');
    if (existing) await tx.update(socialWidgets).set(values).where(eq(socialWidgets.id, existing.id));
    else await tx.insert(socialWidgets).values({ ...values, createdBy: me.userId });
    await audit(ctx, { action: 'socialWidget.save', targetType: 'user', targetId: me.userId, details: values }, tx);
  });
  return own(ctx);
}
