import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { createPostgresDatabase } from '../../../test/test-db.js';
import { signedUpReseller, uniqueEmail, type TestUser } from '../../../test/fixtures.js';
import { applicationId, uniqueMac } from '../../../test/devices.js';
import { openPostgres, type Db } from '../../db/client.js';
import { createMailer } from '../../mail/mailer.js';
import { CLAIM_TIMEOUT_MS, sendDueReminders, startReminderScheduler, type ReminderDeps } from './reminders.service.js';
import { decodeMail, type DecodedMail } from '../../../test/mail.js';

const log = pino({ level: 'silent' });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let deps: ReminderDeps;
let appId: number;
beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.database.db, mailer: t.app.deps.mailer, config: t.app.deps.config, log };
  appId = await applicationId(t, 'IBOPLAYER');
});
afterAll(() => t.close());

/**
 * Each test works on days of its own, a month apart, so that no test's devices fall into another's
 * 7-day window. Dates are local: REMINDER_HOUR is server time.
 */
let month = 0;
function nextDay(): (hour: number, minute?: number, plusDays?: number) => Date {
  month += 1;
  return (hour, minute = 0, plusDays = 0) => new Date(2031, month, 10 + plusDays, hour, minute);
}

type DeviceOptions = { owner: number; expires: Date; lifetime?: boolean; disabled?: boolean; mac?: string; app?: number };
async function addDevice(db: Db, o: DeviceOptions): Promise<string> {
  const mac = o.mac ?? uniqueMac();
  await db.execute(sql`insert into devices (application_id, mac_address, device_key, expire_date, lifetime, is_trial, activated_by, activated_at, disabled_at)
    values (${o.app ?? appId}, ${mac}, ${'key' + mac}, ${o.expires.toISOString()}, ${o.lifetime ?? false}, 0, ${o.owner}, now(),
      ${o.disabled ? new Date().toISOString() : null})`);
  return mac;
}

function mailsTo(app: TestApp | { mails: TestApp['mails'] }, email: string): DecodedMail[] {
  return app
    .mails()
    // Its reminders only, not its sign-up mail.
    .filter((m) => m.to === email && m.link === 'http://panel.test/renewals-due')
    .map(decodeMail);
}

/** A reseller that signed in (in `lang` when given: the panel then knows its language). */
async function reseller(lang?: string): Promise<TestUser> {
  const user = await signedUpReseller(t);
  if (lang) {
    const res = await t.call({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password }, lang });
    expect(res.statusCode, res.body).toBe(200);
  }
  return user;
}

describe('sendDueReminders', () => {
  it('sends nothing before REMINDER_HOUR and, from the hour, one mail listing the devices soonest first with a link to Renewals due', async () => {
    const at = nextDay();
    const r = await reseller();
    const later = await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + 5 * DAY) });
    const sooner = await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + 1 * DAY) });

    expect(await sendDueReminders(deps, at(8, 59))).toMatchObject({ due: false, sent: 0 });
    expect(mailsTo(t, r.email)).toHaveLength(0);

    expect(await sendDueReminders(deps, at(9))).toMatchObject({ due: true, pending: 0 });
    const [mail, ...others] = mailsTo(t, r.email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('2 devices expire within 7 days');
    expect(mail!.text).toContain('These devices you activated expire within the next 7 days.');
    expect(mail!.text.indexOf(sooner)).toBeGreaterThan(0);
    expect(mail!.text.indexOf(sooner)).toBeLessThan(mail!.text.indexOf(later));
    expect(mail!.text).toContain('IBOPLAYER');
    expect(mail!.text).toContain('http://panel.test/renewals-due');
    expect(mail!.html).toContain('<a href="http://panel.test/renewals-due">Open Renewals due</a>');
    expect(mail!.text).toContain('You can turn it off in your profile settings.');
  });

  it('sends at most once a day however often it is called, and again the next day', async () => {
    const at = nextDay();
    const r = await reseller();
    await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + 3 * DAY) });
    await sendDueReminders(deps, at(9));
    await sendDueReminders(deps, at(9, 1));
    expect(await sendDueReminders(deps, at(23, 59))).toMatchObject({ sent: 0, pending: 0 });
    expect(mailsTo(t, r.email)).toHaveLength(1);
    expect(mailsTo(t, r.email)[0]!.subject).toBe('1 device expires within 7 days');

    await sendDueReminders(deps, at(8, 0, 1));
    expect(mailsTo(t, r.email)).toHaveLength(1);
    await sendDueReminders(deps, at(10, 0, 1));
    expect(mailsTo(t, r.email)).toHaveLength(2);
  });

  it('lists only the reseller’s own devices expiring within 7 days: never lifetime, disabled or already expired ones', async () => {
    const at = nextDay();
    const now = at(9, 30);
    const r = await reseller();
    const other = await reseller();
    const db = t.database.db;
    const inWindow = [
      await addDevice(db, { owner: r.id, expires: new Date(now.getTime() + HOUR) }),
      await addDevice(db, { owner: r.id, expires: new Date(now.getTime() + 7 * DAY - 60_000) }),
    ];
    const outside = [
      await addDevice(db, { owner: r.id, expires: new Date(now.getTime() + 7 * DAY + HOUR) }),
      await addDevice(db, { owner: r.id, expires: new Date(now.getTime() - HOUR) }),
      await addDevice(db, { owner: r.id, expires: new Date(now.getTime() + DAY), lifetime: true }),
      await addDevice(db, { owner: r.id, expires: new Date(now.getTime() + DAY), disabled: true }),
      await addDevice(db, { owner: other.id, expires: new Date(now.getTime() + DAY) }),
    ];
    await sendDueReminders(deps, now);
    const [mail] = mailsTo(t, r.email);
    expect(mail!.subject).toBe('2 devices expire within 7 days');
    for (const mac of inWindow) expect(mail!.text).toContain(mac);
    for (const mac of outside.slice(0, 4)) expect(mail!.text).not.toContain(mac);
    // The other reseller's device is in its own mail, not in this one.
    expect(mail!.text).not.toContain(outside[4]);
    expect(mailsTo(t, other.email)[0]!.text).toContain(outside[4]);
  });

  it('skips resellers who turned the reminders off on their profile, and those with nothing expiring', async () => {
    const at = nextDay();
    const off = await reseller();
    const nothing = await reseller();
    const on = await reseller();
    await addDevice(t.database.db, { owner: off.id, expires: new Date(at(9).getTime() + DAY) });
    await addDevice(t.database.db, { owner: on.id, expires: new Date(at(9).getTime() + DAY) });
    await addDevice(t.database.db, { owner: nothing.id, expires: new Date(at(9).getTime() + 30 * DAY) });
    const res = await t.call({ method: 'PUT', url: '/api/profile/expiry-reminders', token: off.token, payload: { expiry_reminders: false } });
    expect(res.statusCode, res.body).toBe(200);

    await sendDueReminders(deps, at(9));
    expect(mailsTo(t, off.email)).toHaveLength(0);
    expect(mailsTo(t, nothing.email)).toHaveLength(0);
    expect(mailsTo(t, on.email)).toHaveLength(1);
  });

  it('writes in the language the reseller last signed in with, and in English when the panel does not know it', async () => {
    const at = nextDay();
    const german = await reseller('de-DE');
    const arabic = await reseller('ar-EG');
    const unknown = await reseller();
    for (const r of [german, arabic, unknown]) {
      await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + DAY) });
      await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + 2 * DAY) });
      await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + 3 * DAY) });
    }
    await sendDueReminders(deps, at(9));
    const [de] = mailsTo(t, german.email);
    expect(de!.subject).toBe('3 Geräte laufen innerhalb von 7 Tagen ab');
    expect(de!.html).toContain('Fällige Verlängerungen öffnen');
    const [ar] = mailsTo(t, arabic.email);
    // Its numbers are isolated, as every value of an Arabic message.
    expect(ar!.subject).toBe('تنتهي صلاحية \u20683\u2069 أجهزة خلال \u20687\u2069 أيام');
    expect(ar!.html).toContain('dir="rtl"');
    expect(mailsTo(t, unknown.email)[0]!.subject).toBe('3 devices expire within 7 days');
  });

  it('lists the first 100 devices and says how many more there are', async () => {
    const at = nextDay();
    const r = await reseller();
    await t.database.db.execute(sql`insert into devices (application_id, mac_address, device_key, expire_date, is_trial, activated_by)
      select ${appId}, '0b:00:00:00:' || lpad(to_hex(i / 256), 2, '0') || ':' || lpad(to_hex(i % 256), 2, '0'), 'k' || i,
        ${at(9).toISOString()}::timestamptz + i * interval '1 minute', 0, ${r.id}
      from generate_series(1, 105) as i`);
    await sendDueReminders(deps, at(9));
    const [mail] = mailsTo(t, r.email);
    expect(mail!.subject).toBe('105 devices expire within 7 days');
    expect(mail!.text).toContain('0b:00:00:00:00:64');
    expect(mail!.text).not.toContain('0b:00:00:00:00:65');
    expect(mail!.text).toContain('…and 5 more devices.');
  });

  it('sends each reseller one mail when two calls run at the same time', async () => {
    const at = nextDay();
    const resellers = await Promise.all([1, 2, 3, 4, 5].map(() => reseller()));
    for (const r of resellers) await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + DAY) });
    const passes = await Promise.all([sendDueReminders(deps, at(9, 15)), sendDueReminders(deps, at(9, 15))]);
    expect(passes[0].sent + passes[1].sent).toBe(5);
    for (const r of resellers) expect(mailsTo(t, r.email)).toHaveLength(1);
  });

  it('lets a node that stopped midway block nobody: its claim is taken over once stale', async () => {
    const at = nextDay();
    const stuck = await reseller();
    const fine = await reseller();
    for (const r of [stuck, fine]) await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + DAY) });
    // Another node claimed `stuck` at 09:00 and stopped before sending.
    await t.database.db.execute(sql`insert into expiry_reminders (user_id, day, claimed_at) values (${stuck.id}, ${`${at(9).getFullYear()}-${String(at(9).getMonth() + 1).padStart(2, '0')}-10`}, ${at(9).toISOString()})`);

    expect(await sendDueReminders(deps, at(9, 5))).toMatchObject({ sent: 1, pending: 1 });
    expect(mailsTo(t, fine.email)).toHaveLength(1);
    expect(mailsTo(t, stuck.email)).toHaveLength(0);

    const later = new Date(at(9).getTime() + CLAIM_TIMEOUT_MS + 60_000);
    expect(await sendDueReminders(deps, later)).toMatchObject({ sent: 1, pending: 0 });
    expect(mailsTo(t, stuck.email)).toHaveLength(1);
    expect(mailsTo(t, fine.email)).toHaveLength(1);
  });

  it('keeps the claim of a mail that failed and sends it on a later call', async () => {
    const at = nextDay();
    const r = await reseller();
    await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + DAY) });
    const failing: ReminderDeps = { ...deps, mailer: { send: () => Promise.reject(new Error('SMTP down')), describe: () => 'down' } };
    expect(await sendDueReminders(failing, at(9))).toMatchObject({ sent: 0, pending: 1 });
    expect(await sendDueReminders(deps, at(9, 1))).toMatchObject({ sent: 0, pending: 1 });
    expect(await sendDueReminders(deps, new Date(at(9).getTime() + CLAIM_TIMEOUT_MS + 1))).toMatchObject({ sent: 1, pending: 0 });
    expect(mailsTo(t, r.email)).toHaveLength(1);
  });
});

describe('startReminderScheduler', () => {
  it('checks on every interval, mails once the hour has come, again the next day, and stops on request', async () => {
    const at = nextDay();
    const r = await reseller();
    await addDevice(t.database.db, { owner: r.id, expires: new Date(at(9).getTime() + 3 * DAY) });
    let now = at(7);
    const clock = vi.fn(() => now);
    // Only the scheduler's own timer is faked: the database keeps its real timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const scheduler = startReminderScheduler(deps, { intervalMs: 60_000, clock });
      const tick = async (time: Date) => {
        now = time;
        await vi.advanceTimersByTimeAsync(60_000);
        await scheduler.settled();
      };
      await tick(at(8));
      expect(mailsTo(t, r.email)).toHaveLength(0);
      await tick(at(9));
      expect(mailsTo(t, r.email)).toHaveLength(1);
      await tick(at(9, 2));
      expect(mailsTo(t, r.email)).toHaveLength(1);
      await tick(at(9, 0, 1));
      expect(mailsTo(t, r.email)).toHaveLength(2);
      expect(clock).toHaveBeenCalledTimes(4);
      await scheduler.stop();
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(clock).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the reminder scheduler\'s heartbeat', () => {
  it('beats every 20 s while idle and after each pass, and no more once stopped', async () => {
    const at = nextDay();
    const beats = vi.fn();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Before REMINDER_HOUR: each pass looks at nothing, so only the beats are counted.
      const scheduler = startReminderScheduler(deps, { intervalMs: 60_000, clock: () => at(7), heartbeat: beats });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(beats).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(beats).toHaveBeenCalledTimes(2);
      // The third turn runs the minute's pass: a beat as it starts and one when it is over.
      await vi.advanceTimersByTimeAsync(20_000);
      await scheduler.settled();
      expect(beats).toHaveBeenCalledTimes(4);
      await scheduler.stop();
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(beats).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(onPostgres)('two API nodes on one PostgreSQL database', () => {
  it('send each reseller one mail a day between them', async () => {
    const created = await createPostgresDatabase(inject('runId'));
    const nodes = await Promise.all([openPostgres(created.url, 4, created.connection), openPostgres(created.url, 4, created.connection)]);
    const outboxes = nodes.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'panel-node-')));
    try {
      const db = nodes[0].db;
      const at = nextDay();
      const emails = Array.from({ length: 20 }, () => uniqueEmail('node'));
      const ids: number[] = [];
      for (const email of emails) {
        const result = await db.execute(sql`insert into users (name, email, role_id, email_verified_at)
          values ('Node Reseller', ${email}, (select id from roles where name = 'reseller' and deleted_at is null), now()) returning id`);
        ids.push((result as { rows: { id: number }[] }).rows[0]!.id);
      }
      const apps = await db.execute(sql`select id from applications where app_name = 'IBOPLAYER'`);
      const app = (apps as { rows: { id: number }[] }).rows[0]!.id;
      for (const id of ids) await addDevice(db, { owner: id, expires: new Date(at(9).getTime() + 2 * DAY), app });

      const nodeDeps = nodes.map((node, i): ReminderDeps => ({
        db: node.db,
        mailer: createMailer({ from: 'panel@test', outbox: outboxes[i]!, log }),
        config: deps.config,
        log,
      }));
      const passes = await Promise.all([...nodeDeps, ...nodeDeps].map((d) => sendDueReminders(d, at(9))));
      expect(passes.reduce((sum, p) => sum + p.sent, 0)).toBe(20);
      const recipients = outboxes.flatMap((dir) => fs.readdirSync(dir).map((f) => /^To: (.*)$/m.exec(fs.readFileSync(path.join(dir, f), 'utf8'))![1]!.trim()));
      expect(recipients.sort()).toEqual([...emails].sort());

      // Later the same day, on either node: nothing more.
      expect((await sendDueReminders(nodeDeps[1]!, at(18))).sent).toBe(0);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
      await created.drop();
      for (const dir of outboxes) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
