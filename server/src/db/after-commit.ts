import type { DbOrTx } from './client.js';

type Hooks = (() => void)[];

/** The callbacks waiting for each open transaction's commit. */
const pending = new WeakMap<object, Hooks>();

type Transactional = { transaction: (work: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

/**
 * Makes `db.transaction` run, once it has committed, what `afterCommit` queued inside it: what must
 * only happen for a transaction that committed (a metric of an activation that rolled back would
 * count money that never moved) but must not hold the transaction open. Nested transactions
 * (savepoints) hand theirs to the outer one, and drop them when their savepoint rolls back.
 */
export function trackCommits<T extends object>(db: T): T {
  const target = db as unknown as Transactional;
  const begin = target.transaction.bind(target);
  target.transaction = async (work, config) => {
    const hooks: Hooks = [];
    const result = await begin((tx) => {
      track(tx, hooks);
      return work(tx);
    }, config);
    for (const hook of hooks) {
      try {
        hook();
      } catch {
        // A hook only records (metrics); it never fails the committed work.
      }
    }
    return result;
  };
  return db;
}

function track(tx: object, hooks: Hooks) {
  pending.set(tx, hooks);
  const target = tx as Transactional;
  const begin = target.transaction.bind(target);
  target.transaction = async (work, config) => {
    const mark = hooks.length;
    try {
      return await begin((inner) => {
        track(inner, hooks);
        return work(inner);
      }, config);
    } catch (error) {
      hooks.length = mark;
      throw error;
    }
  };
}

/**
 * Runs `hook` when `db` (a transaction) has committed; at once when `db` is the database itself,
 * whose statements commit each on its own. Never runs it for a transaction that rolled back.
 */
export function afterCommit(db: DbOrTx, hook: () => void): void {
  const hooks = pending.get(db);
  if (hooks) hooks.push(hook);
  else hook();
}
