import { ilike, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { conditionOf, type Filter } from './shaped-statement.js';

/** Escapes LIKE's wildcards in user text, so that `%` and `_` match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Accounts whose name or e-mail contains `keyword`, whatever its case: one LIKE on the stored,
 * lower-cased `search_text` (name, line break, e-mail; migration 0015) and its trigram index.
 */
export function nameOrEmailMatching(keyword: string): Filter {
  const values = { pattern: `%${escapeLike(keyword)}%` };
  // Only a keyword holding a line break could match across the name and the e-mail.
  if (keyword.includes('\n')) return { key: 'name-or-email-lines', values, build: (value) => or(ilike(users.name, value('pattern')), ilike(users.email, value('pattern')))! };
  return { key: 'name-or-email', values, build: (value) => sql`${users}."search_text" like lower(${value('pattern')})` };
}

export const nameOrEmailContains = (keyword: string): SQL => conditionOf(nameOrEmailMatching(keyword));

/**
 * Values of `column` that start with `prefix`, as a range of the pattern operators that a
 * `text_pattern_ops` index answers: [prefix, the prefix with its last character's successor).
 * A `like 'ab%'` is an index range only when its pattern is a constant of the statement; in a
 * prepared statement's generic plan its pattern is a parameter, and PostgreSQL then scans every
 * row the other conditions leave (the code list's search fell from 1,400 to 100 requests a
 * second once the plan went generic). Text outside printable ASCII keeps the `like`.
 */
export function startsWith(key: string, column: SQLWrapper, prefix: string): Filter {
  if (!/^[\x20-\x7e]+$/.test(prefix)) return { key: `${key}-like`, values: { pattern: `${escapeLike(prefix)}%` }, build: (value) => sql`${column} like ${value('pattern')}` };
  const last = prefix.charCodeAt(prefix.length - 1);
  return {
    key,
    values: { from: prefix, before: prefix.slice(0, -1) + String.fromCharCode(last + 1) },
    build: (value) => sql`(${column} ~>=~ ${value('from')} and ${column} ~<~ ${value('before')})`,
  };
}
