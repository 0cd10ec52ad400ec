import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/pgbouncer.sh');

export type Pooler = {
  /** `url` with the pooler's host and port: the same user, password and database, through PgBouncer. */
  through(url: string): string;
  version: string;
  stop(): Promise<void>;
};

/**
 * PgBouncer in transaction mode in front of the PostgreSQL server of `url` (scripts/pgbouncer.sh:
 * a config of its own, a free port, as the `postgres` user when root), with `poolSize` server
 * connections per database, as an operator sizes it (twice the database server's cores, like the
 * panel's own pool). Undefined, saying why, when PgBouncer is not installed or does not start.
 */
export async function startPooler(url: string, poolSize: number): Promise<Pooler | undefined> {
  let out: string;
  let version: string;
  try {
    version = (await run('pgbouncer', ['--version'])).stdout.split('\n')[0]!.replace(/^PgBouncer /, '');
    out = (await run('bash', [script, 'start', url, 'transaction'], { env: { ...process.env, PGBOUNCER_POOL_SIZE: String(poolSize) } })).stdout;
  } catch (error) {
    console.log(`PgBouncer: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not installed (Debian: apt-get install pgbouncer)' : (error as Error).message.trim()}; the pooled rows are skipped`);
    return undefined;
  }
  const [dir, poolerUrl] = out.trim().split('\n') as [string, string];
  const pooler = new URL(poolerUrl);
  return {
    version,
    through(target: string) {
      const through = new URL(target);
      through.hostname = pooler.hostname;
      through.port = pooler.port;
      return through.toString();
    },
    stop: async () => {
      await run('bash', [script, 'stop', dir]);
    },
  };
}
