import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_DEVICE } from '@panel/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectError, rows, signedUpReseller, uniqueIp } from '../../../test/fixtures.js';
import { codeAt, makeStepUpStale, turnOn } from '../../../test/two-factor.js';
import { afterAnswerSettled } from '../../lib/after-answer.js';
import { KNOWN_BROWSER_COOKIE } from './known-browser.js';

const PARALLEL = 30;

/** Of answers to guesses sent together: how many were checked (not refused by the limit), each refusal with its Retry-After. */
function checkedOf(answers: LightMyRequestResponse[], wrong: number) {
  for (const res of answers) {
    expect([wrong, 429], res.body).toContain(res.statusCode);
    if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
  return answers.filter((res) => res.statusCode !== 429).length;
}

// The database store is PGlite or PostgreSQL, as the suite runs (TEST_DB); Redis is REDIS_URL's store.
describe.each(['database', 'redis'] as const)('brute-force limits under parallel guesses, counters in the %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limiter: store });
  });
  afterAll(() => t.close());

  it(`checks at most ${LOGIN_MAX_FAILURES_PER_ACCOUNT} of ${PARALLEL} wrong passwords sent at once; the rest answer 429`, async () => {
    const user = await signedUpReseller(t);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'wrong-password-1' }, remoteAddress: uniqueIp() }),
      ),
    );
    expect(checkedOf(answers, 401)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ACCOUNT);
    const [failed] = await rows<{ n: number }>(t, sql`select count(*)::int as n from audit_log where action = 'auth.login.failed' and target_id = ${String(user.id)}`);
    expect(failed!.n).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ACCOUNT);
  });

  it(`checks at most ${LOGIN_MAX_FAILURES_PER_ACCOUNT} of ${PARALLEL} wrong step-up codes sent at once`, async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    await makeStepUpStale(t, user.id);
    const wrong = codeAt(user.secret, 5);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.call({ method: 'POST', url: '/api/step-up', token: user.token, payload: { code: wrong }, remoteAddress: uniqueIp() })),
    );
    expect(checkedOf(answers, 401)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ACCOUNT);
  });

  it(`checks at most ${LOGIN_MAX_FAILURES_PER_ACCOUNT} of ${PARALLEL} wrong sign-in codes sent at once`, async () => {
    const user = await turnOn(t, await signedUpReseller(t));
    const signIn = await t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    const { challenge } = signIn.json<{ challenge: string }>();
    const wrong = codeAt(user.secret, 5);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge, code: wrong }, remoteAddress: uniqueIp() }),
      ),
    );
    expect(checkedOf(answers, 401)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES_PER_ACCOUNT);
  });

  it('gives a success its attempt back: sign-ins one after another are never limited', async () => {
    const user = await signedUpReseller(t);
    const ip = uniqueIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT + 2; i += 1) {
      const res = await t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password }, remoteAddress: ip });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('a known browser, while strangers guess the password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, cookie?: string) =>
    t.call({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: uniqueIp(),
      ...(cookie ? { cookies: { [KNOWN_BROWSER_COOKIE]: cookie } } : {}),
    });

  /** The owner's browser: signed in once, it keeps the cookie the answer set. */
  async function ownersBrowser(email: string, password: string) {
    const res = await signIn(email, password);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === KNOWN_BROWSER_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    return cookie!.value;
  }

  async function hammer(email: string) {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => signIn(email, 'wrong-password-1')));
    expect(answers.some((res) => res.statusCode === 429)).toBe(true);
  }

  it('signs the owner in from its known browser while the account is locked for everyone else', async () => {
    const user = await signedUpReseller(t);
    const cookie = await ownersBrowser(user.email, user.password);
    await hammer(user.email);
    // A new browser, even with the right password, waits out the window…
    expectError(await signIn(user.email, user.password), 429, 'TOO_MANY_ATTEMPTS');
    // …the owner's does not.
    const owner = await signIn(user.email, user.password, cookie);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it(`counts the known browser's own failures apart, ${LOGIN_MAX_FAILURES_PER_DEVICE} at most`, async () => {
    const user = await signedUpReseller(t);
    const cookie = await ownersBrowser(user.email, user.password);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_DEVICE; i += 1) expectError(await signIn(user.email, 'wrong-password-1', cookie), 401, 'INVALID_CREDENTIALS');
    expectError(await signIn(user.email, user.password, cookie), 429, 'TOO_MANY_ATTEMPTS');
    // The account itself is not locked by them: another browser still signs in.
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("ignores a cookie that is forged, or another account's", async () => {
    const owner = await signedUpReseller(t);
    const other = await signedUpReseller(t);
    const othersCookie = await ownersBrowser(other.email, other.password);
    const [userId, nonce, day] = othersCookie.split('.')[0]!.split(':');
    expect(Number(userId)).toBe(other.id);
    await hammer(owner.email);
    expectError(await signIn(owner.email, owner.password, othersCookie), 429, 'TOO_MANY_ATTEMPTS');
    // The same entry with the owner's id, without a valid signature.
    expectError(await signIn(owner.email, owner.password, `${owner.id}:${nonce}:${day}`), 429, 'TOO_MANY_ATTEMPTS');
  });
});

describe('POST /api/password/forgot takes the same time whether the address has an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
  };

  it('answers a known and an unknown address within 1 ms of each other (median of 50 each), and mails the known one after', async () => {
    const user = await signedUpReseller(t);
    const ask = async (email: string) => {
      // Each request meets an empty limit and no work left by the one before: only the answer is timed.
      await t.database.db.execute(sql`delete from rate_limits where key like 'mail%'`);
      const start = process.hrtime.bigint();
      const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email }, remoteAddress: uniqueIp() });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      await afterAnswerSettled();
      expect(res.statusCode, res.body).toBe(200);
      return { ms, body: res.json<{ msg: string }>() };
    };
    for (let i = 0; i < 5; i += 1) await ask(user.email); // warm-up
    const mailsBefore = t.mails().filter((m) => m.to === user.email).length;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      // Turn about, so that neither kind always follows the other's work after the answer.
      const knownFirst = i % 2 === 0;
      const a = knownFirst ? await ask(user.email) : undefined;
      const b = await ask(`nobody-${i}-${Date.now()}@example.com`);
      const c = a ?? (await ask(user.email));
      expect(c.body).toEqual(b.body);
      known.push(c.ms);
      unknown.push(b.ms);
    }
    const difference = Math.abs(median(known) - median(unknown));
    console.info(`forgot-password medians: known ${median(known).toFixed(3)} ms, unknown ${median(unknown).toFixed(3)} ms`);
    expect(difference).toBeLessThan(1);
    expect(t.mails().filter((m) => m.to === user.email).length - mailsBefore).toBe(50);
  });
});
