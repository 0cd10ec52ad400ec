import { afterAnswer } from '../../lib/after-answer.js';
import { onDerivedWritten } from '../../lib/derived-signal.js';
import { foldPending } from '../insights/insights.service.js';
import { foldOutbox, type FoldDeps } from './outbox-fold.js';

/**
 * The folder (issue 45): derives what credit moves, sales and events leave in `outbox` and
 * `insight_pending` once their transactions have committed, outside every balance lock: the
 * roll-up (`insight_fold`), the low-balance line and the webhook events with their deliveries
 * (outbox-fold.ts). One per app (src/app.ts), on the live data.
 *
 * - It wakes after each commit that wrote such a row in this process (lib/derived-signal.ts);
 *   wakes during a fold make one more pass, so that under load each pass takes a batch.
 * - With `pollMs` (src/start.ts), it also looks every so often for rows another node wrote and a
 *   node that stopped left; and it folds once when started, for what a crash left.
 * - A pass is tracked like work after an answer (lib/after-answer.ts): the app's close waits for it,
 *   and a test's call reads what its request derived.
 */

export type FolderOptions = {
  /** Rows taken per transaction: 1,000. */
  batch?: number;
  /** How often to look without a wake-up; none without it. */
  pollMs?: number;
  /** Called after each pass (every poll at least): readiness's heartbeat of this worker. */
  heartbeat?: () => void;
};

export type Folder = {
  /** Folds now (what a commit's wake-up does); resolves when nothing is left to fold. */
  fold(): Promise<void>;
  /** Stops waking and polling; resolves when the pass in flight is done. */
  stop(): Promise<void>;
};

export function startFolder(deps: FoldDeps, options: FolderOptions = {}): Folder {
  const batch = options.batch ?? 1000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  function fold(): Promise<void> {
    // Stopped: what is left stays for the next start, which folds it first.
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          // Each side until a batch comes back short: what was committed before the pass is folded by it.
          while ((await foldPending(deps.db, batch)) === batch && !stopped);
          while ((await foldOutbox(deps, batch)) === batch && !stopped);
          options.heartbeat?.();
        } while (again && !stopped);
      } catch (error) {
        deps.log.error({ err: error }, 'derived fold failed; its rows stay for the next pass');
      } finally {
        // In the same turn as the last check of `again`: a wake-up from here on starts a new pass.
        running = null;
      }
    })();
    return running;
  }

  const wake = () => {
    if (!stopped) afterAnswer(deps.log, 'derived fold', fold);
  };
  const unregister = onDerivedWritten(wake);
  const timer = options.pollMs ? setInterval(wake, options.pollMs) : undefined;
  timer?.unref();
  wake();

  return {
    fold,
    async stop() {
      stopped = true;
      unregister();
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
