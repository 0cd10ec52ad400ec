import { Worker } from 'node:worker_threads';

/** Beside this module in the sources, beside the bundle in dist (build.mjs copies it there). */
const WORKER = new URL('./backups.files.mjs', import.meta.url);

export type FileOperation = 'copy' | 'hash' | 'pack' | 'unpack' | 'extract';

/**
 * Runs one of backups.files.mjs's operations in a worker thread of its own: the file work of a
 * backup goes at disk speed whatever the server's event loop is busy with. A failure comes back as
 * an Error with its `code` (ENOSPC for a full disk).
 *
 * The answer counts once the worker has exited, not when it is posted: tar rejects on a truncated
 * archive while files it opened are still being written, and a caller that then removed the folder
 * raced those writes (ENOTEMPTY).
 */
export function inWorker<T>(op: FileOperation, args: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { op, args } });
    let answer: { result?: T; error?: { message: string; code?: string } } | undefined;
    let failure: Error | undefined;
    worker.once('message', (message: typeof answer) => (answer = message));
    worker.once('error', (error: Error) => (failure = error));
    worker.once('exit', (code) => {
      if (failure) reject(failure);
      else if (!answer) reject(new Error(`the backup's file worker stopped (exit code ${code})`));
      else if (answer.error) reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else resolve(answer.result as T);
    });
  });
}
