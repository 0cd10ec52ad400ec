import DataLoader from 'dataloader';

/** Keys read in one statement at most: beyond it, several statements run side by side. */
const BATCH_MAX = 256;

/**
 * Look-ups made on every request (sessions, player devices, a reseller's reach) batched by the
 * round of the event loop: the look-ups of the requests read from the sockets in one round go to
 * the database together when that round ends (setImmediate). Under load many round trips become
 * one statement; a lone request waits no longer than one turn of the loop. Nothing is cached:
 * every look-up reads the rows as they are when its batch runs, which is after its request arrived.
 *
 * `load` answers the rows found for the keys; `keyId` and `rowId` name a key and the row it finds.
 */
export function roundBatch<Key, Row>(options: {
  load: (keys: readonly Key[]) => Promise<Row[]>;
  keyId: (key: Key) => string;
  rowId: (row: Row) => string;
}): (key: Key) => Promise<Row | undefined> {
  const loader = new DataLoader<Key, Row | undefined>(
    async (keys) => {
      const found = new Map((await options.load(keys)).map((row) => [options.rowId(row), row]));
      return keys.map((key) => found.get(options.keyId(key)));
    },
    { cache: false, maxBatchSize: BATCH_MAX, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (key) => loader.load(key);
}
