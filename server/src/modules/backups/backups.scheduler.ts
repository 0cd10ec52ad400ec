import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { backupsSettled, onBackupFinished, takeBackup, type BackupDeps, type BackupFinished } from './backups.service.js';

const SCHEDULE_LOCK_ID = 4_242_026;
const SLOT_SETTING = 'backups.last_scheduled_slot';

export type BackupScheduler = { stop(): Promise<void>; nextRun(): Date | null };

/**
 * Takes a backup at each time of BACKUP_SCHEDULE (server time). With several API nodes on one
 * PostgreSQL only one node takes each scheduled backup: under a transaction-level advisory lock a
 * node claims the slot (the minute it fired for) in `settings`, and a node whose clock fired a
 * moment later finds the slot taken. `onFinished` gets every backup's outcome (any backup of this
 * process, not only the scheduled ones), until `stop`.
 */
export function startBackupScheduler(
  deps: BackupDeps & { db: Db; log: FastifyBaseLogger },
  options: { onFinished?: (finished: BackupFinished) => void } = {},
): BackupScheduler {
  const unlisten = options.onFinished ? onBackupFinished(options.onFinished) : undefined;
  const schedule = deps.config.backups.schedule;
  if (!schedule) {
    return { stop: async () => void unlisten?.(), nextRun: () => null };
  }
  let inFlight: Promise<unknown> | undefined;
  const job = new Cron(schedule, { protect: true, catch: (error) => deps.log.error({ err: error }, 'scheduled backup failed') }, async (self: Cron) => {
    const fired = self.currentRun() ?? new Date();
    const slot = new Date(Math.floor(fired.getTime() / 60_000) * 60_000).toISOString();
    const run = (async () => {
      if (!(await claimSlot(deps.db, slot))) {
        deps.log.info({ slot }, 'scheduled backup taken by another node');
        return;
      }
      await takeBackup(deps);
    })();
    inFlight = run;
    await run;
  });
  return {
    async stop() {
      job.stop();
      await inFlight?.catch(() => undefined);
      await backupsSettled(deps.config.backups.dir);
      unlisten?.();
    },
    nextRun: () => job.nextRun(),
  };
}

/** True when this node won the slot: the stored slot was older (or none). */
export async function claimSlot(db: Db, slot: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_ID})`);
    const result = await tx.execute(sql`insert into settings (key, value) values (${SLOT_SETTING}, ${slot})
      on conflict (key) do update set value = excluded.value where settings.value < excluded.value
      returning value`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  });
}
