import { Worker } from 'node:worker_threads';

/** Beside this module in the sources, beside the bundle in dist (build.mjs copies it there). */
const WORKER = new URL('./backups.files.mjs', import.meta.url);

export type FileOperation = 'copy' | 'hash' | 'pack' | 'unpack' | 'extract';

/**
 * Runs one of backups.files.mjs's operations in a worker thread of its own: the file work of a
 * backup goes at disk speed whatever the server's event loop is busy with. A failure comes back as
 * an Error with its `code` (ENOSPC for a full disk).
 */
export function inWorker<T>(op: FileOperation, args: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { op, args } });
    let settled = false;
    worker.once('message', (message: { result?: T; error?: { message: string; code?: string } }) => {
      settled = true;
      if (message.error) reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
      else resolve(message.result as T);
    });
    worker.once('error', (error: Error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the backup's file worker stopped (exit code ${code})`));
    });
  });
}
