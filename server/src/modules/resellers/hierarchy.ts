import { eq, getTableColumns, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Permission } from '@panel/contract';
import { perDatabase, type DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { roundBatch } from '../../lib/round-batch.js';

/**
 * The reseller hierarchy (business-panel.md §1, §6): an admin acts on every account but other
 * admins (C10014); a reseller acts only on its own sub-resellers (C10013). Every service that
 * touches another account asks here, whatever ids the client sent. The rule itself is SQL's
 * `in_reach` (db/functions/in_reach.sql), which credit_share checks too; it runs in the statement
 * that reads (and, with `lock`, locks) the target, on that row.
 *
 * `staffPermission`: a staff account holding it (a users manager with 'user-roles') reaches every
 * non-admin account as an admin does. `adminKey`: the message of the C10014 refusal.
 */
export async function targetWithinReach(
  ctx: Ctx,
  targetId: number,
  options: { db?: DbOrTx; includeRemoved?: boolean; lock?: boolean; staffPermission?: Permission; adminKey?: string } = {},
) {
  const db = options.db ?? ctx.db;
  const me = callerOf(ctx);
  const staff = options.staffPermission !== undefined && me.permissions.has(options.staffPermission);
  const reach = sql<'admin' | 'in' | 'out' | null>`in_reach(${me.userId}::int, ${users.id}, ${me.isAdmin}::boolean, ${staff}::boolean)`;
  const query = db
    .select({ ...getTableColumns(users), reach })
    .from(users)
    .where(eq(users.id, targetId));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || (row.deletedAt && !options.includeRemoved)) throw new AppError('NOT_FOUND');
  const { reach: verdict, ...target } = row;
  if (verdict === 'admin') throw new AppError('C10014', { key: options.adminKey });
  if (verdict === 'in') return target;
  throw new AppError('C10013');
}

/**
 * Rows a caller may see in lists, logs and reports: everything for an admin, else itself and its
 * sub-resellers. Seeing is not acting (`in_reach`): a reseller sees its own account. Kept as a
 * plain condition so that a list's statement filters through the indexes on users.id and
 * parent_reseller_id, not one function call per row.
 */
export function accountsInReach(ctx: Ctx): SQL | undefined {
  const me = callerOf(ctx);
  if (me.isAdmin) return undefined;
  return accountsOf(me.userId);
}

/** An account and its sub-resellers, `owner` a value or a statement's placeholder (`accountsInReach`'s rule). */
export const accountsOf = (owner: number | SQLWrapper) => or(eq(users.id, owner), eq(users.parentResellerId, owner))!;

/** The caller's own id with its sub-resellers' ids, for the callers of one round in one statement. */
const reachLookup = perDatabase((db) => {
  const statement = db
    .select({ owner: sql<number>`o.owner`, ids: sql<number[]>`array_agg(${users.id})` })
    .from(sql`unnest(${sql.placeholder('owners')}::int[]) as o(owner)`)
    .innerJoin(users, sql`${users.id} = o.owner or ${users.parentResellerId} = o.owner`)
    .groupBy(sql`o.owner`)
    .prepare('accounts_in_reach');
  return roundBatch({ load: (owners: readonly number[]) => statement.execute({ owners }), keyId: String, rowId: (row) => String(row.owner) });
});

/**
 * The ids of the accounts `accountsInReach` matches (removed sub-resellers included), or
 * undefined for an admin: lists filter on them as constants (see activation's `byAccounts`).
 * Read on every list request, so batched like the session (roundBatch), never cached.
 */
export async function idsInReach(ctx: Ctx): Promise<number[] | undefined> {
  const me = callerOf(ctx);
  if (me.isAdmin) return undefined;
  return (await reachLookup(ctx.db)(me.userId))?.ids ?? [me.userId];
}

/** Whether an account id is one the caller may see (the same rule as `accountsInReach`). */
export function idInReach(ctx: Ctx, account: { id: number; parentResellerId: number | null }): boolean {
  const me = callerOf(ctx);
  return me.isAdmin || account.id === me.userId || account.parentResellerId === me.userId;
}

/**
 * Parent changes (switch, assign, promotion) take this transaction lock first: two moves checked
 * at the same time (A under B while B goes under A) could each pass the cycle check alone.
 */
const HIERARCHY_LOCK_ID = 4_242_101;
export async function lockHierarchy(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${HIERARCHY_LOCK_ID})`);
}

/**
 * Whether placing `childId` under `newParentId` closes a loop: walks up from the new parent and
 * looks for the child among its ancestors (the depth bound stops the walk on damaged data).
 */
export async function createsCycle(db: DbOrTx, childId: number, newParentId: number): Promise<boolean> {
  if (childId === newParentId) return true;
  const result = await db.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_reseller_id, 0 from users where id = ${newParentId}
      union all
      select u.id, u.parent_reseller_id, up.depth + 1 from users u join up on u.id = up.parent_id where up.depth < 1000
    )
    select 1 as hit from up where id = ${childId} limit 1`);
  return (result as { rows: unknown[] }).rows.length > 0;
}
