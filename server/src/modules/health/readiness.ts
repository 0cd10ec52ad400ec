/** A background worker that has not beaten for this long is taken as stuck: the node is not ready. */
export const WORKER_STALE_MS = 60_000;

/** How often an idle worker's loop beats at the least: well inside WORKER_STALE_MS. */
export const HEARTBEAT_MS = 20_000;

export type Lifecycle = 'starting' | 'ready' | 'draining';

/**
 * What this node knows of itself for `GET /api/readyz`: where it is in its life (starting until
 * it listens, draining from SIGTERM on) and when each of its background workers last beat. Kept
 * in memory on purpose: readiness is a question about this process, not about the cluster.
 */
export type Readiness = {
  readonly lifecycle: Lifecycle;
  /** The node listens and its workers run. */
  markReady(): void;
  /** SIGTERM: from now on the balancer is told "not ready", while requests are still served. */
  startDraining(): void;
  /** Registers a worker under `name` (beaten once now); its loop calls the returned function at each turn. */
  worker(name: string): () => void;
  /** Each registered worker and whether it beat within WORKER_STALE_MS. */
  workers(): Record<string, 'ok' | 'stale'>;
};

export function createReadiness(options: { now?: () => number; staleAfterMs?: number } = {}): Readiness {
  const now = options.now ?? Date.now;
  const staleAfterMs = options.staleAfterMs ?? WORKER_STALE_MS;
  const beats = new Map<string, number>();
  let lifecycle: Lifecycle = 'starting';
  return {
    get lifecycle() {
      return lifecycle;
    },
    markReady() {
      if (lifecycle === 'starting') lifecycle = 'ready';
    },
    startDraining() {
      lifecycle = 'draining';
    },
    worker(name) {
      const beat = () => {
        beats.set(name, now());
      };
      beat();
      return beat;
    },
    workers() {
      const at = now();
      return Object.fromEntries([...beats].map(([name, last]) => [name, at - last > staleAfterMs ? 'stale' : 'ok']));
    },
  };
}
