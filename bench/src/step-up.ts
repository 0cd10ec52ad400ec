import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import { hashSecret } from '../../server/src/lib/secrets.js';
import { benchReseller } from './accounts.js';
import { startBenchPanel } from './bench-panel.js';
import { fmt } from './http-load.js';
import type { PartOptions } from './report.js';

const ROUNDS = 50;
const PASSWORD = 'Bench@12345';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * What the step-up costs a credit move on PostgreSQL, one request at a time (medians of 50): the
 * same add-credit-point for a reseller without a factor; for one whose session confirmed its factor
 * minutes ago (the guard alone); and for one whose confirmation is old, as the web app lives it:
 * the refused call (403 STEP_UP_REQUIRED), `POST /api/step-up` with a TOTP code, the call again.
 */
export async function stepUpCost(databaseUrl: string, options: PartOptions) {
  const panel = await startBenchPanel({ DATABASE_URL: databaseUrl });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const passwordHash = await hashSecret(PASSWORD);
  await panel.recharge(panel.adminEmail, 10_000);

  /** A reseller with 1,000 points, a passcode validated in its session and a sub-reseller to share with. */
  async function account(label: string) {
    const parent = await benchReseller(db, { name: `Step-up ${label}`, email: `stepup-${label}@bench.test` }, passwordHash);
    const child = await benchReseller(db, { name: `Step-up ${label} sub`, email: `stepup-${label}-sub@bench.test` }, passwordHash);
    await db.query('update users set parent_reseller_id = $1 where id = $2', [parent.id, child.id]);
    await panel.recharge(`stepup-${label}@bench.test`, 1_000);
    const token = await panel.signIn({ email: `stepup-${label}@bench.test`, password: PASSWORD });
    await panel.call('POST', '/set-credit-share-pass-code', token, { requestData: { passcode: panel.passcode } });
    await panel.call('POST', '/validate-credit-share-password', token, { requestData: { passcode: panel.passcode } });
    return { id: parent.id, childId: child.id, token };
  }
  const send = (a: { token: string; childId: number }) =>
    fetch(`${panel.base}/api/resellers/${a.childId}/add-credit-point`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ creditPoint: 1 }),
    });
  const timed = async (work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const expectStatus = async (res: Response, status: number) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${await res.text()}`);
  };

  const plain = await account('plain');
  const guarded = await account('factor');
  const setup = (await panel.call('POST', '/two-factor/totp/setup', guarded.token)) as { data: { secret: string } };
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.data.secret) });
  await panel.call('POST', '/two-factor/totp/confirm', guarded.token, { code: totp.generate({ timestamp: Date.now() - 30_000 }) });
  /** Each round's code may be the same step: the bench forgets the last used step between rounds (not timed). */
  const stepUp = () =>
    fetch(`${panel.base}/api/step-up`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guarded.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: totp.generate() }),
    });
  const forgetStep = () => db.query('update totp_factors set last_step = null where user_id = $1', [guarded.id]);
  const makeStale = () => db.query(`update sessions set two_factor_at = now() - interval '11 minutes' where user_id = $1`, [guarded.id]);

  // Warm-up: statements prepared, caches filled, for both accounts.
  for (let i = 0; i < 5; i++) await expectStatus(await send(plain), 200);
  await forgetStep();
  await expectStatus(await stepUp(), 200);
  for (let i = 0; i < 5; i++) await expectStatus(await send(guarded), 200);

  const without: number[] = [];
  const fresh: number[] = [];
  const asked: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    without.push(await timed(async () => expectStatus(await send(plain), 200)));
    fresh.push(await timed(async () => expectStatus(await send(guarded), 200)));
    await forgetStep();
    await makeStale();
    asked.push(
      await timed(async () => {
        await expectStatus(await send(guarded), 403);
        await expectStatus(await stepUp(), 200);
        await expectStatus(await send(guarded), 200);
      }),
    );
  }
  const [a, b, c] = [median(without), median(fresh), median(asked)];
  const delta = (x: number) => `${x - a < 0 ? '−' : '+'}${fmt(Math.abs(x - a), 1)} ms`;
  options.report(`credit move (add-credit-point), account without a factor, median of ${ROUNDS}`, `${fmt(a, 1)} ms`, '', 'one request at a time');
  options.report(`the same move, factor on, session confirmed minutes ago (the guard alone)`, `${fmt(b, 1)} ms`, delta(b), '');
  options.report(`the same move, factor on, confirmation old: 403, POST /api/step-up (TOTP), the move again`, `${fmt(c, 1)} ms`, delta(c), 'as the web app sends it, without the time the person types');
  await db.end();
  await panel.close();
}
