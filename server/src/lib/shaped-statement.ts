import crypto from 'node:crypto';
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { perDatabase, type DbOrTx } from '../db/client.js';

/**
 * A list's filter written once for both ways a statement takes its values (issue 28): `key` names
 * its shape (which condition, never its values), `build` writes the condition taking each value
 * by its name through `value`, and `values` holds them.
 */
export type Filter = { key: string; values: Record<string, unknown>; build(value: (name: string) => SQLWrapper): SQL };

/** The filter's condition with its values as parameters, for a statement built on each call (reports, charts). */
export const conditionOf = (filter: Filter): SQL => filter.build((name) => sql.param(filter.values[name]));

/** The given filters' conditions together, with their values as parameters; undefined when none is given. */
export const whereOf = (filters: readonly (Filter | undefined)[]): SQL | undefined =>
  and(...filters.map((filter) => filter && conditionOf(filter)));

/**
 * What a list's filters are: the shape's key (each filter's in its place, `-` for one not given),
 * the values under names unique to each place, and the conditions with placeholders.
 */
export type Shape = { key: string; values: Record<string, unknown>; conditions(): (SQL | undefined)[]; where(): SQL | undefined };

/** The shape of a list's filters; undefined ones are not given. */
export function shapeOf(filters: readonly (Filter | undefined)[]): Shape {
  const values: Record<string, unknown> = {};
  filters.forEach((filter, i) => {
    for (const [name, value] of Object.entries(filter?.values ?? {})) values[`f${i}_${name}`] = value;
  });
  const conditions = () => filters.map((filter, i) => filter?.build((name) => sql.placeholder(`f${i}_${name}`)));
  return { key: filters.map((filter) => filter?.key ?? '-').join(','), values, conditions, where: () => and(...conditions()) };
}

/**
 * Statements built once per shape (issue 28): building a list's statement with Drizzle on every
 * request was a fifth of the server's processor time under load, and more in the garbage it left.
 * A list keeps, per database handle, one prepared statement for each shape met (which filters are
 * given, the sort; a finite set, as keys never hold values), so a request only binds its values.
 * The name is made of the list and the key: the same shape is the same prepared statement on every
 * connection and handle, within PostgreSQL's 63 bytes.
 */
export function builtOncePerShape(list: string) {
  const made = perDatabase((_db: DbOrTx) => new Map<string, unknown>());
  return <P>(db: DbOrTx, key: string, build: () => { prepare(name: string): P }): P => {
    const statements = made(db);
    let statement = statements.get(key) as P | undefined;
    if (statement === undefined) {
      statement = build().prepare(`${list}_${crypto.createHash('sha1').update(key).digest('base64url')}`);
      statements.set(key, statement);
    }
    return statement;
  };
}
