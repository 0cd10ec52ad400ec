import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema.js';

/** Escapes LIKE's wildcards in user text, so that `%` and `_` match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Accounts whose name or e-mail contains `keyword`, whatever its case: one LIKE on the stored,
 * lower-cased `search_text` (name, line break, e-mail; migration 0015) and its trigram index.
 */
export function nameOrEmailContains(keyword: string): SQL {
  const pattern = `%${escapeLike(keyword)}%`;
  // Only a keyword holding a line break could match across the name and the e-mail.
  if (keyword.includes('\n')) return or(ilike(users.name, pattern), ilike(users.email, pattern))!;
  return sql`${users}."search_text" like lower(${pattern})`;
}
