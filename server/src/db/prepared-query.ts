import type { DbOrTx } from './client.js';

/**
 * A statement built once per database handle (the panel's, the sandbox's, a transaction's) with
 * Drizzle's `prepare`, its values as `sql.placeholder`s: a request then binds values instead of
 * building the statement again (Drizzle's class checks and chunk walk were 12 to 22 % of a list
 * request's processor time; issue 28). For the one shape of a hot list that most requests ask.
 */
export function builtOnce<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}
