import { afterCommit } from '../../db/after-commit.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../http/context.js';

/**
 * What waits for an account's credit to arrive (store orders waiting for credit, issue 43) hears of
 * it here, once the move has committed and outside its locks. The credit module knows nothing of
 * who listens: a module registers itself for its database, under a name (registering again replaces).
 */
type Listener = (ctx: Ctx, userId: number) => void;

const listeners = new WeakMap<Db, Map<string, Listener>>();

export function onCreditArrival(db: Db, name: string, listener: Listener): void {
  let named = listeners.get(db);
  if (!named) listeners.set(db, (named = new Map<string, Listener>()));
  named.set(name, listener);
}

/** Points arrived on `userId`'s account in `tx`: its listeners run after the commit, never for a move rolled back. */
export function creditArrived(ctx: Ctx, tx: DbOrTx, userId: number): void {
  const named = listeners.get(ctx.db);
  if (!named || named.size === 0) return;
  afterCommit(tx, () => {
    for (const listener of named.values()) listener(ctx, userId);
  });
}
