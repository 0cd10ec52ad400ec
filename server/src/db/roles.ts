import { isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { roles } from './schema.js';

/** Roles that are not deleted: only these are listed, edited or given to an account. */
export const liveRole = isNull(roles.deletedAt);

/**
 * The admin role's id, as an expression a statement can use: the admin role is the first role
 * (it holds every permission and cannot be edited or deleted). The rule is written once, in SQL
 * (db/functions/panel_admin_role.sql), where the SQL rules read it too.
 */
export const adminRole = sql<number>`panel_admin_role()`;

/** The admin role's id (`adminRole`, read on its own). */
export async function adminRoleId(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select ${adminRole} as id`);
  const id = (result as { rows: { id: number | string | null }[] }).rows[0]?.id;
  if (id === null || id === undefined) throw new Error('there is no role yet: the admin role is the first one the seed makes');
  return Number(id);
}
