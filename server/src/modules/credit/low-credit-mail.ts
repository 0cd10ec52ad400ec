import { and, eq, isNull } from 'drizzle-orm';
import { translate, type Permission } from '@panel/contract';
import { permissions, rolePermissions, users } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';
import { accountLocale, lowCreditMail } from '../../mail/templates.js';
import { tellOwnerLowCredit } from '../telegram/telegram.service.js';

/** The page a reseller that may buy credit buys it on (web/src/app/private-routes.tsx). */
export const BUY_CREDIT_PATH = '/payment-plans';
const BUY: Permission = 'purchase-package';

export type LowCredit = { userId: number; balance: number; threshold: number };

/**
 * The low-balance mail to the account a move took under its threshold, in the language it last
 * used the panel in. Called once the move committed (`afterMove` in after-move.ts queues it with
 * `afterCommit`): the mark that makes it once per fall is set in the move's transaction, so a
 * rolled-back move mails nothing and concurrent moves mail once. An account that may buy credit
 * gets the link to the plans; one that may not (its credit comes from its parent) a link to
 * write to its parent. A mail that cannot be sent is logged; the move stays done.
 */
export async function mailLowCredit(ctx: Pick<Ctx, 'db' | 'mailer' | 'config' | 'log'>, low: LowCredit): Promise<boolean> {
  try {
    const [account] = await ctx.db
      .select({ name: users.name, email: users.email, locale: users.locale, roleId: users.roleId, parentId: users.parentResellerId })
      .from(users)
      .where(and(eq(users.id, low.userId), isNull(users.deletedAt)));
    if (!account) return false;
    const [canBuy] = await ctx.db
      .select({ id: rolePermissions.roleId })
      .from(rolePermissions)
      .innerJoin(permissions, and(eq(permissions.id, rolePermissions.permissionId), eq(permissions.name, BUY)))
      .where(eq(rolePermissions.roleId, account.roleId))
      .limit(1);
    const [parent] =
      !canBuy && account.parentId !== null
        ? await ctx.db.select({ name: users.name, email: users.email }).from(users).where(and(eq(users.id, account.parentId), isNull(users.deletedAt)))
        : [];
    const locale = accountLocale(account.locale);
    const link = parent
      ? `mailto:${parent.email}?subject=${encodeURIComponent(translate(locale, 'mail.lowCreditAskSubject', { name: account.name }))}`
      : `${ctx.config.publicUrl}${BUY_CREDIT_PATH}`;
    await ctx.mailer.send(lowCreditMail(locale, account, { balance: low.balance, threshold: low.threshold, link, from: parent ?? null }));
    // The same line to the reseller's chat with its store's bot, when linked (issue 44; never throws).
    await tellOwnerLowCredit(ctx, low);
    return true;
  } catch (error) {
    ctx.log.warn({ err: error, userId: low.userId }, 'low-balance mail not sent');
    return false;
  }
}
