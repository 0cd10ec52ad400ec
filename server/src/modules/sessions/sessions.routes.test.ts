import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, expectError, expectFieldErrors, rows, uniqueIp, type TestUser } from '../../../test/fixtures.js';
import { sha256 } from '../../lib/secrets.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; created_at: string; last_used_at: string; ip: string | null; browser: string | null; os: string | null; two_factor: boolean; current: boolean };

/** Signs `user` in from a browser and an address of the test's choosing; answers the token. */
async function signIn(user: TestUser, from: { ip?: string; ua?: string; lang?: string } = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: from.ip ?? uniqueIp(),
    headers: from.ua ? { 'user-agent': from.ua } : {},
    lang: from.lang,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

const list = (token: string) => t.call({ method: 'GET', url: '/api/sessions', token });
const listed = async (token: string) => {
  const res = await list(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Listed[] }>().data;
};
const profile = (token: string) => t.call({ method: 'GET', url: '/api/profile', token });
const end = (token: string, id: number | string) => t.call({ method: 'DELETE', url: `/api/sessions/${id}`, token });
const endOthers = (token: string, lang?: string) => t.call({ method: 'POST', url: '/api/sessions/sign-out-others', token, lang });
const sessionIdOf = async (token: string) =>
  (await rows<{ id: number }>(t, sql`select id from sessions where token_hash = ${sha256(token)}`))[0]!.id;

describe('GET /api/sessions', () => {
  it("lists the caller's own sessions, marks the caller's, and answers no token nor its hash", async () => {
    const user = await createVerifiedUser(t);
    const stranger = await createVerifiedUser(t);
    const chrome = await signIn(user, { ip: '198.51.100.7', ua: CHROME_WINDOWS });
    const firefox = await signIn(user, { ip: '198.51.100.8', ua: FIREFOX_LINUX });

    const res = await list(chrome);
    const sessions = res.json<{ data: Listed[] }>().data;
    expect(sessions.map((s) => s.id).sort()).toEqual([await sessionIdOf(user.token), await sessionIdOf(chrome), await sessionIdOf(firefox)].sort());
    expect(sessions[0]).toMatchObject({ id: await sessionIdOf(chrome), current: true, ip: '198.51.100.7', browser: 'Chrome 131', os: 'Windows', two_factor: false });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const firefoxId = await sessionIdOf(firefox);
    expect(sessions.find((s) => s.id === firefoxId)).toMatchObject({ browser: 'Firefox 133', os: 'Linux', current: false });
    for (const token of [user.token, chrome, firefox, stranger.token]) {
      expect(res.body).not.toContain(token);
      expect(res.body).not.toContain(sha256(token));
    }
    expect(sessions.map((s) => s.id)).not.toContain(await sessionIdOf(stranger.token));
  });

  it('moves "last used" at most once a minute', async () => {
    const user = await createVerifiedUser(t);
    const id = await sessionIdOf(user.token);
    const lastUsed = async () => (await rows<{ at: string }>(t, sql`select last_used_at::text as at from sessions where id = ${id}`))[0]!.at;

    await t.database.db.execute(sql`update sessions set last_used_at = now() - interval '30 seconds' where id = ${id}`);
    const recent = await lastUsed();
    for (let i = 0; i < 3; i += 1) expect((await profile(user.token)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(recent);

    await t.database.db.execute(sql`update sessions set last_used_at = now() - interval '2 minutes' where id = ${id}`);
    expect((await profile(user.token)).statusCode).toBe(200);
    const [moved] = await rows<{ fresh: boolean }>(t, sql`select last_used_at > now() - interval '10 seconds' as fresh from sessions where id = ${id}`);
    expect(moved!.fresh).toBe(true);
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('ends one of the caller\'s sessions: its token answers 401 at its next call, and an audit row without the token says so', async () => {
    const user = await createVerifiedUser(t);
    const other = await signIn(user, { ua: FIREFOX_LINUX });
    const otherId = await sessionIdOf(other);

    const res = await end(user.token, otherId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('en', 'success.sessionEnded') });
    expectError(await profile(other), 401, 'C10002');
    expect((await profile(user.token)).statusCode).toBe(200);

    const audits = await rows<{ actor_id: number; details: unknown }>(
      t,
      sql`select actor_id, details from audit_log where action = 'session.end' and target_id = ${String(otherId)}`,
    );
    expect(audits).toEqual([{ actor_id: user.id, details: { ip: expect.any(String), browser: 'Firefox 133' } }]);
    expect(JSON.stringify(audits)).not.toContain(other);
    expect(JSON.stringify(audits)).not.toContain(sha256(other));
  });

  it("answers 404 for another account's session and leaves it signed in", async () => {
    const user = await createVerifiedUser(t);
    const stranger = await createVerifiedUser(t);
    expectError(await end(user.token, await sessionIdOf(stranger.token)), 404, 'NOT_FOUND');
    expect((await profile(stranger.token)).statusCode).toBe(200);
  });

  it('answers a field message for an id that is no number', async () => {
    const user = await createVerifiedUser(t);
    expectFieldErrors(await end(user.token, 'abc'), { id: ['The id must be a number.'] });
  });

  it('ends a session on every node: a second API node on the same database refuses the token at its next call', async () => {
    const user = await createVerifiedUser(t);
    const other = await signIn(user);
    const node = await t.anotherNode();
    try {
      const onNode = () => node.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${other}` } });
      expect((await onNode()).statusCode).toBe(200);
      expect((await end(user.token, await sessionIdOf(other))).statusCode).toBe(200);
      expect((await onNode()).statusCode).toBe(401);
    } finally {
      await node.close();
    }
  });
});

describe('POST /api/sessions/sign-out-others', () => {
  it("ends every session of the account but the caller's, and says how many in the caller's language", async () => {
    const user = await createVerifiedUser(t);
    const stranger = await createVerifiedUser(t);
    const second = await signIn(user);
    const third = await signIn(user);

    const res = await endOthers(third, 'de');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, msg: translate('de', 'success.otherSessionsEnded', { count: 2 }), ended: 2 });
    expect((await profile(user.token)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(401);
    expect((await profile(third)).statusCode).toBe(200);
    expect((await profile(stranger.token)).statusCode).toBe(200);
    expect((await listed(third)).map((s) => s.current)).toEqual([true]);

    const audits = await rows<{ details: unknown }>(t, sql`select details from audit_log where action = 'session.end-others' and target_id = ${String(user.id)}`);
    expect(audits).toEqual([{ details: { count: 2, reason: 'sign-out-others' } }]);
  });
});

describe('a password change', () => {
  it('ends every other session of the account, keeps the one that changed it, and leaves an audit row', async () => {
    const user = await createVerifiedUser(t);
    const other = await signIn(user);
    const res = await t.call({
      method: 'PUT',
      url: '/api/profile/update',
      token: user.token,
      payload: { name: user.name, password: 'Another@456', password_confirmation: 'Another@456' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(user.token)).statusCode).toBe(200);
    const audits = await rows<{ details: unknown }>(t, sql`select details from audit_log where action = 'session.end-others' and target_id = ${String(user.id)}`);
    expect(audits).toEqual([{ details: { count: 1, reason: 'password' } }]);
  });
});

describe('a sign-in from a new device', () => {
  /** The new-device mails to `user`, their soft line breaks undone. */
  const newDeviceMails = (user: TestUser) =>
    t
      .mails()
      .filter((m) => m.to === user.email && m.link === 'http://panel.test/profile/security')
      .map((m) => m.raw.replace(/=\r?\n/g, ''));

  it('mails nothing on the first sign-in of an account, once for a new browser and address, and never for a known one', async () => {
    const user = await createVerifiedUser(t);
    // createVerifiedUser signed in once: the account's first device.
    expect(newDeviceMails(user)).toEqual([]);

    const home = { ip: '203.0.113.10', ua: CHROME_WINDOWS };
    await signIn(user, home);
    expect(newDeviceMails(user)).toHaveLength(1);
    const [mail] = newDeviceMails(user);
    expect(mail).toContain('Subject: New sign-in to your account');
    expect(mail).toContain('203.0.113.10');
    expect(mail).toContain('Chrome 131 on Windows');

    await signIn(user, home);
    await signIn(user, home);
    expect(newDeviceMails(user)).toHaveLength(1);

    // The same browser from another address is another device.
    await signIn(user, { ...home, ip: '203.0.113.11' });
    expect(newDeviceMails(user)).toHaveLength(2);
  });

  it("writes in the account's language, not the language of whoever signs in", async () => {
    const user = await createVerifiedUser(t);
    const home = { ip: '203.0.113.20', ua: FIREFOX_LINUX };
    await signIn(user, { ...home, lang: 'de' });
    const mailsBefore = newDeviceMails(user).length;
    await signIn(user, { ip: '203.0.113.21', ua: SAFARI_IPHONE, lang: 'ar' });
    const mails = newDeviceMails(user);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toContain('Subject: Neue Anmeldung bei Ihrem Konto');
  });

  it('mails again for a device last seen more than 90 days ago', async () => {
    const user = await createVerifiedUser(t);
    const away = { ip: '203.0.113.30', ua: SAFARI_IPHONE };
    await signIn(user, away);
    const count = newDeviceMails(user).length;
    await t.database.db.execute(sql`update known_devices set last_seen_at = now() - interval '91 days' where user_id = ${user.id}`);
    await signIn(user, away);
    expect(newDeviceMails(user)).toHaveLength(count + 1);
  });

  it('mails once for sign-ins from the same new device at the same time', async () => {
    const user = await createVerifiedUser(t);
    const from = { ip: '203.0.113.40', ua: CHROME_WINDOWS };
    await Promise.all(Array.from({ length: 5 }, () => signIn(user, from)));
    expect(newDeviceMails(user)).toHaveLength(1);
  });

  it('mails on the admin sign-in page too', async () => {
    const admin = await createVerifiedUser(t, { roleName: 'admin' });
    await t.login(admin.email, admin.password, { admin: true });
    expect(newDeviceMails(admin)).toHaveLength(1);
  });
});
