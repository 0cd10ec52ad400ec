import type { FastifyBaseLogger } from 'fastify';

/** The calendar day of `now` in the server's time zone (REMINDER_HOUR is server time too), as `YYYY-MM-DD`. */
export function serverDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What one pass of a daily job did. */
export type DailyPass = {
  day: string;
  /** False before the job's hour: nothing was looked at. */
  due: boolean;
  /** What this call sent. */
  sent: number;
  /** The day's claims still unsent after this call (another node at work, or one that stopped or failed): try again later. */
  pending: number;
};

export type DailyScheduler = {
  /** Resolves when the pass in flight, if any, is over. */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

export type DailySchedulerOptions = { intervalMs?: number; clock?: () => Date; heartbeat?: () => void; heartbeatMs?: number };

/**
 * `allDay`: the job keeps passing every interval until midnight, even once a pass found nothing left
 * (its work appears during the day: a device linked or renewed); without it, the day is done on
 * this node once a due pass leaves nothing pending.
 */
type Job = { name: string; log: FastifyBaseLogger; pass: (now: Date, beat: () => void) => Promise<DailyPass>; allDay?: boolean };

/**
 * Runs a daily job's pass every `intervalMs` (a minute) until its day is done on this node, then
 * again from the next day: the expiry reminders, the customer reminders, the Telegram digests. Its
 * loop turns every `heartbeatMs` and beats `heartbeat` at each turn, idle or not, so that readiness
 * can tell a stuck scheduler from a quiet one; the pass gets the beat too, to beat as it goes. The
 * timer is unref'd, so it never keeps the process alive, and passes never overlap; `stop` waits for
 * a pass in flight, so the database can be closed after it.
 */
export function startDailyScheduler(
  job: Job,
  options: DailySchedulerOptions & { heartbeatMs: number },
): DailyScheduler {
  const intervalMs = options.intervalMs ?? 60_000;
  const clock = options.clock ?? (() => new Date());
  const beat = options.heartbeat ?? (() => undefined);
  // A pass every `turnsPerPass` turns: the passes keep their interval, the beats come more often.
  const turnsPerPass = Math.max(1, Math.round(intervalMs / options.heartbeatMs));
  const turnMs = intervalMs / turnsPerPass;
  let turns = 0;
  let doneDay: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = async () => {
    const now = clock();
    if (serverDay(now) === doneDay) return;
    try {
      const pass = await job.pass(now, beat);
      if (pass.sent > 0) job.log.info({ day: pass.day, sent: pass.sent }, `${job.name} sent`);
      if (pass.due && pass.pending === 0 && !job.allDay) doneDay = pass.day;
    } catch (error) {
      job.log.error({ err: error }, `${job.name} failed; retrying at the next tick`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      beat();
      if (++turns % turnsPerPass !== 0) return schedule();
      running = tick().finally(() => {
        running = undefined;
        beat();
        schedule();
      });
    }, turnMs);
    timer.unref();
  };
  schedule();
  return {
    settled: async () => {
      await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
