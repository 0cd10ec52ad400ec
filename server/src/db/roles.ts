import { asc } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { roles } from './schema.js';

/** The admin role is the first role: it holds every permission and cannot be edited or deleted. */
export async function adminRoleId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).orderBy(asc(roles.id)).limit(1);
  return row!.id;
}
