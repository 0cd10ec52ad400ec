import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_REPORTS_PER_MINUTE, type ClientErrorBody } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, uniqueIp } from '../../../test/fixtures.js';

type LogLine = { level: number; msg: string; clientError?: Record<string, unknown> };

const lines: LogLine[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream, env: { LOG_LEVEL: 'warn' } });
});
afterAll(() => t.close());

const report = (overrides: Partial<ClientErrorBody> = {}): ClientErrorBody => ({
  message: 'Failed to fetch dynamically imported module: http://panel.test/assets/set-passcode-page-abc123.js',
  stack: 'TypeError: Failed to fetch dynamically imported module\n    at http://panel.test/assets/index-def456.js:1:2',
  route: '/set-passcode-modal',
  app_version: '1a2b3c4',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  ...overrides,
});

const send = (payload: unknown, options: { token?: string; remoteAddress?: string } = {}) =>
  t.call({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress: options.remoteAddress ?? uniqueIp(), token: options.token });

const reported = () => lines.filter((line) => line.msg === 'client error reported');

describe('POST /api/client-errors', () => {
  it('logs a report at warn and answers 204, without a session', async () => {
    const before = reported().length;
    const res = await send(report());
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const [line] = reported().slice(before);
    expect(line).toMatchObject({
      level: 40,
      clientError: {
        message: report().message,
        stack: report().stack,
        route: '/set-passcode-modal',
        appVersion: '1a2b3c4',
        userAgent: report().user_agent,
      },
    });
    expect(line!.clientError!.userId).toBeUndefined();
  });

  it("names the signed-in caller by id, never by e-mail address", async () => {
    const user = await createVerifiedUser(t);
    const before = reported().length;
    expect((await send(report(), { token: user.token })).statusCode).toBe(204);
    const [line] = reported().slice(before);
    expect(line!.clientError!.userId).toBe(user.id);
    expect(JSON.stringify(line)).not.toContain(user.email);
  });

  it('logs no query string, token or e-mail address, wherever the report carries them', async () => {
    const before = reported().length;
    const res = await send(
      report({
        route: '/create-password?email=ann%40example.test&token=s3cret-token#top',
        message: 'Failed to fetch http://panel.test/create-password?email=ann@example.test&token=s3cret-token',
        stack: 'Error: ann@example.test\n    at http://panel.test/reset-password/s3cret-token:1:2',
      }),
    );
    expect(res.statusCode, res.body).toBe(204);
    const [line] = reported().slice(before);
    expect(line!.clientError!.route).toBe('/create-password');
    const text = JSON.stringify(line);
    for (const secret of ['s3cret-token', 'example.test', '?', 'email=']) expect(text).not.toContain(secret);
  });

  it('refuses a body over its limit unread (413)', async () => {
    const res = await send(report({ stack: 'x'.repeat(20_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses a field past its length (422) and logs nothing', async () => {
    const before = reported().length;
    const res = await send(report({ stack: 'x'.repeat(CLIENT_ERROR_LIMITS.stack + 1) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('stack');
    expect(reported().length).toBe(before);
  });

  it(`answers 429 with Retry-After past ${CLIENT_ERROR_REPORTS_PER_MINUTE} reports a minute from one address`, async () => {
    const remoteAddress = uniqueIp();
    for (let i = 0; i < CLIENT_ERROR_REPORTS_PER_MINUTE; i++) expect((await send(report(), { remoteAddress })).statusCode).toBe(204);
    const refused = await send(report(), { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await send(report())).statusCode).toBe(204);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
    const call = doc.paths['/api/client-errors'].post;
    expect(call.requestBody.content['application/json'].schema.required).toEqual(['message', 'route', 'app_version', 'user_agent']);
    expect(Object.keys(call.responses)).toContain('204');
  });
});
