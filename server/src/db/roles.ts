import { asc, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { roles } from './schema.js';

/** Roles that are not deleted: only these are listed, edited or given to an account. */
export const liveRole = isNull(roles.deletedAt);

/** The admin role is the first role: it holds every permission and cannot be edited or deleted. */
export async function adminRoleId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).orderBy(asc(roles.id)).limit(1);
  return row!.id;
}
