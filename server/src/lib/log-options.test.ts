import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Utf8 } from '@panel/contract';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/harness.js';
import { createReseller, GOOD_PASSWORD, uniqueIp } from '../../test/fixtures.js';
import { fundedAdmin, PASSCODE, recharge, setPasscode } from '../../test/credit.js';
import { codeAt, turnOn } from '../../test/two-factor.js';
import Fastify from 'fastify';
import { loggerOptions, RequestLogController, requestLevel, SLOW_REQUEST_MS } from './log-options.js';
import { redactUrl } from './redact-url.js';

function capture() {
  const lines: string[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop()!;
      lines.push(...parts);
      done();
    },
  });
  return { stream, lines };
}

describe('the request log at LOG_LEVEL=trace', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream, env: { LOG_LEVEL: 'trace', WEBHOOK_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(() => t.close());

  it('carries no password, passcode, code, token or secret of a whole journey, and each request line its request id', async () => {
    // Each secret as it travels: in the clear, and base64-encoded where the client sends it so.
    const secrets: string[] = [ADMIN_PASSWORD, GOOD_PASSWORD, encodeBase64Utf8(PASSCODE)];
    const quoted: string[] = [`"${PASSCODE}"`];

    const admin = await fundedAdmin(t, 1000);
    secrets.push(admin);
    const r = await createReseller(t);
    secrets.push(r.token);
    expect((await recharge(t, admin, { email: r.email, points: 50 })).statusCode).toBe(200);
    await setPasscode(t, r.token);

    // Two-factor: the TOTP secret and recovery codes, a sign-in's challenge and code, a step-up code.
    const factor = await turnOn(t, r);
    secrets.push(factor.secret, ...factor.recoveryCodes);
    const first = await t.call({ method: 'POST', url: '/api/login', payload: { email: r.email, password: r.password }, remoteAddress: uniqueIp() });
    const { challenge } = first.json<{ challenge: string }>();
    secrets.push(challenge);
    const signInCode = codeAt(factor.secret);
    quoted.push(`"${signInCode}"`);
    const second = await t.call({ method: 'POST', url: '/api/login/two-factor', payload: { challenge, code: signInCode }, remoteAddress: uniqueIp() });
    expect(second.statusCode, second.body).toBe(200);
    const session = second.json<{ token: string }>().token;
    secrets.push(session);
    const stepUpCode = factor.recoveryCodes[0]!;
    const stepUp = await t.call({ method: 'POST', url: '/api/step-up', token: session, payload: { code: stepUpCode } });
    expect(stepUp.statusCode, stepUp.body).toBe(200);

    // Activation codes: bought, then looked at by their value in the path.
    const bought = await t.call({ method: 'POST', url: '/api/sendingcode', token: session, payload: { subscriptionType: 'yearly', codeCount: 2 } });
    expect(bought.statusCode, bought.body).toBe(200);
    const codes = bought.json<{ data: { value: string }[] }>().data.map((c) => c.value);
    secrets.push(...codes);
    await t.call({ method: 'POST', url: `/api/get-playlist/${codes[0]}`, token: session, payload: {} });

    // A webhook endpoint's signing secret, answered at creation and revealed again.
    const created = await t.call({ method: 'POST', url: '/api/webhooks', token: session, payload: { url: 'http://127.0.0.1:9/hook', events: ['credit.received'] } });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json<{ data: { id: number; secret: string } }>().data;
    const revealed = await t.call({ method: 'GET', url: `/api/webhooks/${endpoint.id}/secret`, token: session });
    expect(revealed.statusCode, revealed.body).toBe(200);
    secrets.push(endpoint.secret, revealed.json<{ data: { secret: string } }>().data.secret);

    // A caller's own headers with credentials.
    await t.call({ method: 'GET', url: '/api/profile', token: session, headers: { cookie: 'session=COOKIESECRET', 'x-api-key': 'HEADERSECRET' } });
    secrets.push('COOKIESECRET', 'HEADERSECRET');

    const text = log.lines.join('\n');
    const requestLines = log.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => 'req' in l || 'res' in l);
    expect(requestLines.length).toBeGreaterThan(20);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
    for (const secret of secrets) expect(text, `a secret in the log: ${secret.slice(0, 4)}…`).not.toContain(secret);
    for (const value of quoted) expect(text).not.toContain(value);
    expect(text).toContain('/api/get-playlist/[redacted]');
  });
});

type Line = { level: number; msg: string; reqId?: string; req?: { method: string; url: string; ip: string }; res?: { statusCode: number }; responseTime?: number };
const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Line);

describe('the request log at the default level', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => t.close());

  it('writes no line for a hundred requests that went well, nor for a caller\'s refusals', async () => {
    for (let i = 0; i < 100; i++) expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/no-such-call' })).statusCode).toBe(404);
    expect(log.lines).toEqual([]);
  });
});

describe('the request log at LOG_LEVEL=debug', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(() => t.close());

  it('writes one line per request, with its method, redacted URL, status, response time and request id', async () => {
    await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-one' } });
    await t.call({ method: 'POST', url: '/api/get-playlist/12345678901234', payload: {}, headers: { 'x-request-id': 'req-two' } });
    const lines = parsed(log.lines).filter((l) => l.msg === 'request completed');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 20, reqId: 'req-one', req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(lines[1]).toMatchObject({ level: 20, reqId: 'req-two', req: { method: 'POST', url: '/api/get-playlist/[redacted]' } });
    expect(lines[1]!.res!.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('a request that failed or was slow', () => {
  async function appLogging(level: string) {
    const log = capture();
    const app = Fastify({ logger: { ...loggerOptions(level), stream: log.stream }, logController: new RequestLogController() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('broken');
    });
    app.get('/unavailable', async (_request, reply) => reply.code(503).send({ ok: false }));
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, SLOW_REQUEST_MS + 50));
      return { ok: true };
    });
    await app.ready();
    return { app, log };
  }

  it('is logged at the default level: a 5xx at error, a 503 and a slow request at warn', async () => {
    const { app, log } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/fails' });
    await app.inject({ method: 'GET', url: '/unavailable' });
    await app.inject({ method: 'GET', url: '/slow' });
    await app.close();
    const completed = parsed(log.lines).filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => [l.req?.url, l.res?.statusCode, l.level])).toEqual([
      ['/fails', 500, 50],
      ['/unavailable', 503, 40],
      ['/slow', 200, 40],
    ]);
    expect(completed[2]!.responseTime).toBeGreaterThan(SLOW_REQUEST_MS);
    for (const line of completed) expect(line.reqId).toEqual(expect.any(String));
  });

  it('has its level from its status and time', () => {
    expect(requestLevel(200, 5)).toBe('debug');
    expect(requestLevel(404, 5)).toBe('debug');
    expect(requestLevel(429, 5)).toBe('debug');
    expect(requestLevel(200, SLOW_REQUEST_MS + 1)).toBe('warn');
    expect(requestLevel(503, 5)).toBe('warn');
    expect(requestLevel(500, 5)).toBe('error');
    expect(requestLevel(502, SLOW_REQUEST_MS + 1)).toBe('error');
  });
});

describe('loggerOptions', () => {
  function lineOf(write: (logger: pino.Logger) => void): string {
    const log = capture();
    write(pino(loggerOptions('trace'), log.stream));
    return log.lines.join('\n');
  }

  it('censors secret fields at any of the first three levels of a logged object, headers included', () => {
    const text = lineOf((l) =>
      l.info(
        {
          password: 'P1',
          body: { passcode: 'P2', code: 'P3', otp: 'P4', recovery_codes: ['P5'], passkey: { signature: 'P6' }, api_key: 'P7', secret: 'P8' },
          req: { headers: { authorization: 'Bearer P9', cookie: 'P10', 'set-cookie': 'P11', 'x-api-key': 'P12' } },
        },
        'a line',
      ),
    );
    for (let i = 1; i <= 12; i++) expect(text).not.toContain(`P${i}"`);
    expect(text).toContain('[redacted]');
  });

  it('keeps an error\'s own code but not the parameters of a failed query nor the value PostgreSQL quotes', () => {
    const error = new DrizzleQueryError('insert into activation_codes (value) values ($1)', ['98765432109876'], new Error('duplicate key'));
    const failed = lineOf((l) => l.error({ err: error }, 'insert failed'));
    expect(failed).not.toContain('98765432109876');
    expect(failed).toContain('insert into activation_codes');
    // PostgreSQL's own error, as pg throws it: its code is kept, the quoted value is not.
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', detail: 'Key (value)=(98765432109876) already exists.' });
    const conflict = lineOf((l) => l.error({ err: duplicate }, 'insert failed'));
    expect(conflict).not.toContain('98765432109876');
    expect(conflict).toContain('"code":"23505"');
  });
});

describe('redactUrl', () => {
  it('hides one-time tokens and activation codes in paths and queries, and keeps the route', () => {
    expect(redactUrl('/reset-password/abc?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/get-playlist/12345678901234')).toBe('/api/get-playlist/[redacted]');
    expect(redactUrl('/api/sandbox/edit-playlist/12345678901234')).toBe('/api/sandbox/edit-playlist/[redacted]');
    expect(redactUrl('/create-password?email=a%40b.c&token=T&code=C')).toBe('/create-password?email=a%40b.c&token=[redacted]&code=[redacted]');
    expect(redactUrl('/api/devices?page_number=2')).toBe('/api/devices?page_number=2');
  });
});
