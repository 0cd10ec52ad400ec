import { eq, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminRoleId } from '../../db/roles.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';

/**
 * The reseller hierarchy (business-panel.md §1, §6): an admin acts on every account but other
 * admins (C10014); a reseller acts only on its own sub-resellers (C10013). Every service that
 * touches another account asks here, whatever ids the client sent.
 */
export async function targetWithinReach(
  ctx: Ctx,
  targetId: number,
  options: { db?: DbOrTx; includeRemoved?: boolean; lock?: boolean } = {},
) {
  const db = options.db ?? ctx.db;
  const me = callerOf(ctx);
  const query = db.select().from(users).where(eq(users.id, targetId));
  const [target] = options.lock ? await query.for('update') : await query;
  if (!target || (target.deletedAt && !options.includeRemoved)) throw new AppError('NOT_FOUND');
  if (target.id !== me.userId && target.roleId === (await adminRoleId(db))) throw new AppError('C10014');
  if (me.isAdmin || target.parentResellerId === me.userId) return target;
  throw new AppError('C10013');
}

/** Rows a caller may see in lists, logs and reports: everything for an admin, else itself and its sub-resellers. */
export function accountsInReach(ctx: Ctx): SQL | undefined {
  const me = callerOf(ctx);
  if (me.isAdmin) return undefined;
  return or(eq(users.id, me.userId), eq(users.parentResellerId, me.userId));
}
