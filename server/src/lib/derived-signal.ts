import { afterCommit } from '../db/after-commit.js';
import type { DbOrTx } from '../db/client.js';

/**
 * The wake-up of the folders (src/modules/derived): a transaction that wrote an `outbox` or
 * `insight_pending` row wakes every folder of this process once it has committed, so that what is
 * derived from it (events, deliveries, the low-balance line, the roll-up) follows within
 * milliseconds. Other nodes' rows are found by each folder's poll. A process-wide set, not a NOTIFY:
 * a NOTIFY takes a database-wide lock at every commit, and these commits are the hot ones.
 */
const folders = new Set<() => void>();

/** Registers a folder's wake-up; answers its removal. */
export function onDerivedWritten(wake: () => void): () => void {
  folders.add(wake);
  return () => folders.delete(wake);
}

/** `tx` wrote rows to derive from: the folders wake after its commit (never for a rollback). */
export function derivedWritten(tx: DbOrTx): void {
  if (folders.size > 0) afterCommit(tx, wakeAll);
}

function wakeAll() {
  for (const wake of folders) wake();
}
