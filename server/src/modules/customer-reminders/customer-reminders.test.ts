import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type CustomerDetail, type ReminderPreview, type ReminderSettings, type Renewal, type SentReminder } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, createVerifiedUser, expectError, expectFieldErrors, rows, uniqueEmail, type TestUser } from '../../../test/fixtures.js';
import { uniqueMac } from '../../../test/devices.js';
import { decodeMail } from '../../../test/mail.js';
import { CLAIM_TIMEOUT_MS, sendDueCustomerReminders, startCustomerReminderScheduler, type CustomerReminderDeps } from './customer-reminders.scheduler.js';
import { renewalLink, renewalToken, unsubscribeToken } from './renewal-link.js';
import { telegramStandIn } from '../../../test/telegram-stand-in.js';

const log = pino({ level: 'silent' });
const DAY = 86_400_000;

let t: TestApp;
let apps: number[];
let deps: CustomerReminderDeps;
/** The Telegram Bot API, as a local stand-in speaking its protocol over HTTP (TELEGRAM_API_BASE). */
const telegram = telegramStandIn();
const BOT_TOKEN = '7012345679:AAHremindersBotTokenOfTheStoreStandIn01';

beforeAll(async () => {
  telegram.goodTokens.set(BOT_TOKEN, 'fast_tv_bot');
  t = await createTestApp({ env: { TELEGRAM_API_BASE: await telegram.listen() } });
  apps = await applicationIds(t);
  deps = { db: t.database.db, mailer: t.app.deps.mailer, config: t.app.deps.config, log };
});
afterAll(async () => {
  await t.close();
  await telegram.close();
});

/**
 * Each test lives in a season of its own, four months from the others', so that no test's devices
 * fall in another's milestones (at most 30 days before and 31 after an expiry). Local time, at
 * REMINDER_HOUR: the pass runs from there.
 */
let season = 0;
function nextSeason(): (days: number, hour?: number) => Date {
  season += 1;
  const base = new Date(2032, season * 4, 1);
  return (days, hour = t.app.deps.config.reminderHour) => new Date(base.getFullYear(), base.getMonth(), base.getDate() + days, hour, 0);
}

const slugOf = (label: string) => `${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

type Store = { user: TestUser; slug: string; storefrontId: number; productId: number };

/** A reseller with an enabled store selling a year of apps[0], reminders as given (on with the defaults unless said). */
async function store(options: { reminders?: Partial<ReminderSettings> | false; support?: Record<string, string> } = {}): Promise<Store> {
  const user = await createReseller(t, { applications: apps.slice(0, 2) });
  const slug = slugOf('remind');
  const saved = await t.call({
    method: 'PUT',
    url: '/api/storefront',
    token: user.token,
    payload: { slug, title: 'Fast TV', enabled: true, accent_color: '#1864ab', currency: 'EUR', support: options.support ?? { email: 'help@fast.tv' } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const product = await t.call({ method: 'POST', url: '/api/storefront/products', token: user.token, payload: { name: 'One year', app_ids: [apps[0]], package: 'one_year', price: 990 } });
  expect(product.statusCode, product.body).toBe(201);
  if (options.reminders !== false) {
    const on = await t.call({ method: 'PUT', url: '/api/storefront/reminders', token: user.token, payload: { enabled: true, days_before: [7, 3, 1], days_after: [1], ...options.reminders } });
    expect(on.statusCode, on.body).toBe(200);
  }
  return { user, slug, storefrontId: saved.json<{ data: { id: number } }>().data.id, productId: product.json<{ data: { id: number } }>().data.id };
}

async function customer(s: Store, payload: Record<string, unknown> = {}): Promise<CustomerDetail> {
  const res = await t.call({ method: 'POST', url: '/api/customers', token: s.user.token, payload: { name: 'Ana', email: uniqueEmail('customer'), ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: CustomerDetail }>().data;
}

type Device = { id: number; mac: string };
/** A device the store's account activated (or none: a trial), expiring at `expires`, linked to `customerId`. */
async function device(s: Store, customerId: number, expires: Date, o: { lifetime?: boolean; disabled?: boolean; trial?: boolean; owner?: number | null; productId?: number | null } = {}): Promise<Device> {
  const mac = uniqueMac();
  const owner = o.owner === undefined ? (o.trial ? null : s.user.id) : o.owner;
  const [row] = await rows<{ id: number }>(
    t,
    sql`insert into devices (application_id, mac_address, device_key, expire_date, lifetime, is_trial, activated_by, activated_at, disabled_at)
      values (${apps[0]}, ${mac}, ${'key' + mac}, ${expires.toISOString()}, ${o.lifetime ?? false}, ${o.trial ? 1 : 0}, ${owner}, now(),
        ${o.disabled ? new Date().toISOString() : null}) returning id`,
  );
  await t.database.db.execute(sql`insert into customer_devices (customer_id, device_id, product_id) values (${customerId}, ${row!.id}, ${o.productId === undefined ? s.productId : o.productId})`);
  return { id: row!.id, mac };
}

const mailsTo = (email: string) => t.mails().filter((m) => m.to === email);
/** A mail's headers, folded lines joined. */
const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
const renewLinkOf = (text: string) => /http:\/\/panel\.test\/store\/[^\s"<]+/.exec(text)?.[0];
const claims = (deviceId: number) =>
  rows<{ phase: string; days: number; expires_at: Date; sent_at: Date | null; email_status: string | null; telegram_status: string | null }>(
    t,
    sql`select phase, days, expires_at, sent_at, email_status, telegram_status from customer_reminders where device_id = ${deviceId} order by id`,
  );

describe('GET/PUT /api/storefront/reminders', () => {
  it('answers 404 before the store exists, then the defaults (off, 7 3 1 before, 1 after), and saves lists in time order', async () => {
    const user = await createReseller(t);
    expectError(await t.call({ method: 'GET', url: '/api/storefront/reminders', token: user.token }), 404, 'STOREFRONT_NOT_SET_UP');
    expectError(await t.call({ method: 'PUT', url: '/api/storefront/reminders', token: user.token, payload: { enabled: true, days_before: [1], days_after: [] } }), 404, 'STOREFRONT_NOT_SET_UP');
    const s = await store({ reminders: false });
    const read = await t.call({ method: 'GET', url: '/api/storefront/reminders', token: s.user.token });
    expect(read.json<{ data: ReminderSettings }>().data).toEqual({ enabled: false, days_before: [7, 3, 1], days_after: [1] });

    const put = await t.call({ method: 'PUT', url: '/api/storefront/reminders', token: s.user.token, payload: { enabled: true, days_before: [1, 14, 3], days_after: [7, 0, 2] }, lang: 'de' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<{ msg: string; data: ReminderSettings }>()).toMatchObject({ msg: translate('de', 'success.remindersSaved'), data: { enabled: true, days_before: [14, 3, 1], days_after: [0, 2, 7] } });
    expect((await t.call({ method: 'GET', url: '/api/storefront/reminders', token: s.user.token })).json<{ data: ReminderSettings }>().data).toEqual({ enabled: true, days_before: [14, 3, 1], days_after: [0, 2, 7] });
    const [audit] = await rows<{ details: unknown }>(t, sql`select details from audit_log where action = 'storefront.reminders_saved' and actor_id = ${s.user.id} order by id desc limit 1`);
    expect(audit!.details).toEqual({ enabled: true });
  });

  it('refuses a day out of 0–30, a fraction, and repeats, on the list concerned', async () => {
    const s = await store({ reminders: false });
    const put = (payload: Record<string, unknown>, lang?: string) =>
      t.call({ method: 'PUT', url: '/api/storefront/reminders', token: s.user.token, payload: { enabled: true, days_before: [7, 3, 1], days_after: [1], ...payload }, lang });
    expectFieldErrors(await put({ days_before: [31] }), { days_before: [translate('en', 'validation.reminderDays', { field: translate('en', 'fields.days_before') })] });
    expectFieldErrors(await put({ days_after: [-1] }, 'br'), { days_after: [translate('br', 'validation.reminderDays', { field: translate('br', 'fields.days_after') })] });
    expectFieldErrors(await put({ days_before: [1.5] }), { days_before: [translate('en', 'validation.reminderDays', { field: translate('en', 'fields.days_before') })] });
    expectFieldErrors(await put({ days_before: [3, 3] }), { days_before: [translate('en', 'validation.reminderDaysRepeated', { field: translate('en', 'fields.days_before') })] });
    expect((await put({ days_before: 'x' })).statusCode).toBe(422);
    expect((await t.call({ method: 'GET', url: '/api/storefront/reminders', token: s.user.token })).json<{ data: ReminderSettings }>().data.enabled).toBe(false);
  });

  it("refuses a caller without the storefront permission, and each account sees its own reminders only", async () => {
    const staff = await createVerifiedUser(t, { permissions: ['tickets list'] });
    for (const [method, url] of [
      ['GET', '/api/storefront/reminders'],
      ['PUT', '/api/storefront/reminders'],
      ['GET', '/api/storefront/reminders/sent'],
      ['GET', '/api/storefront/reminders/preview'],
    ] as const) {
      expectError(await t.call({ method, url, token: staff.token, payload: method === 'PUT' ? { enabled: true, days_before: [], days_after: [] } : undefined }), 403, 'FORBIDDEN');
    }
    const at = nextSeason();
    const mine = await store();
    const theirs = await store();
    const c = await customer(mine);
    await device(mine, c.id, at(2));
    await sendDueCustomerReminders(deps, at(0));
    const sent = (user: TestUser) => t.call({ method: 'GET', url: '/api/storefront/reminders/sent', token: user.token }).then((r) => r.json<{ data: SentReminder[] }>().data);
    expect(await sent(mine.user)).toHaveLength(1);
    expect(await sent(theirs.user)).toEqual([]);
  });
});

describe('the reminder pass', () => {
  it('sends nothing before REMINDER_HOUR, then the nearest due milestone only, once, and the next ones as they come', async () => {
    const at = nextSeason();
    const s = await store();
    const c = await customer(s);
    // Found 2 days before its expiry: the 3-day milestone, never the 7.
    const d = await device(s, c.id, at(2));
    expect(await sendDueCustomerReminders(deps, at(0, t.app.deps.config.reminderHour - 1))).toMatchObject({ due: false, sent: 0 });
    expect(mailsTo(c.email!)).toHaveLength(0);

    expect(await sendDueCustomerReminders(deps, at(0))).toMatchObject({ due: true, sent: 1, pending: 0 });
    expect(await sendDueCustomerReminders(deps, at(0, 23))).toMatchObject({ sent: 0 });
    expect((await claims(d.id)).map((r) => `${r.phase} ${r.days}`)).toEqual(['before 3']);

    // The next day (1 day left): the 1-day milestone; the day after the expiry: the day-after one; then nothing more.
    await sendDueCustomerReminders(deps, at(1));
    await sendDueCustomerReminders(deps, at(2, 23));
    await sendDueCustomerReminders(deps, at(3));
    await sendDueCustomerReminders(deps, at(4));
    await sendDueCustomerReminders(deps, at(10));
    const sent = await claims(d.id);
    expect(sent.map((r) => `${r.phase} ${r.days}`)).toEqual(['before 3', 'before 1', 'after 1']);
    expect(sent.every((r) => r.sent_at !== null && r.email_status === 'sent' && r.telegram_status === null)).toBe(true);
    expect(mailsTo(c.email!)).toHaveLength(3);
  });

  it('starts again from a new expiry: a renewed device gets the new expiry milestones, not the old ones again', async () => {
    const at = nextSeason();
    const s = await store();
    const c = await customer(s);
    const d = await device(s, c.id, at(1, 8));
    await sendDueCustomerReminders(deps, at(0));
    expect((await claims(d.id)).map((r) => `${r.phase} ${r.days}`)).toEqual(['before 1']);

    // Renewed (any path moves expire_date): nothing is due for 30 days, then its own milestones come.
    const renewed = at(31, 12);
    await t.database.db.execute(sql`update devices set expire_date = ${renewed.toISOString()} where id = ${d.id}`);
    await sendDueCustomerReminders(deps, at(1));
    await sendDueCustomerReminders(deps, at(3));
    expect(await claims(d.id)).toHaveLength(1);
    await sendDueCustomerReminders(deps, at(25));
    const all = await claims(d.id);
    expect(all.map((r) => `${r.phase} ${r.days}`)).toEqual(['before 1', 'before 7']);
    expect(new Date(all[1]!.expires_at).getTime()).toBe(renewed.getTime());
  });

  it('gives lifetime and disabled devices, devices another account activated since, stores turned off or without reminders, and unsubscribed customers none', async () => {
    const at = nextSeason();
    const s = await store();
    const c = await customer(s);
    const lifetime = await device(s, c.id, at(2), { lifetime: true });
    const disabled = await device(s, c.id, at(2), { disabled: true });
    const other = await createReseller(t);
    const elsewhere = await device(s, c.id, at(2), { owner: other.id });
    const trial = await device(s, c.id, at(2), { trial: true });
    const off = await customer(s, { name: 'Off' });
    await t.database.db.execute(sql`update customers set reminders_off_at = now() where id = ${off.id}`);
    const offDevice = await device(s, off.id, at(2));
    const quiet = await store({ reminders: { enabled: false } });
    const quietDevice = await device(quiet, (await customer(quiet)).id, at(2));
    const closed = await store();
    await t.database.db.execute(sql`update storefronts set enabled = false where id = ${closed.storefrontId}`);
    const closedDevice = await device(closed, (await customer(closed)).id, at(2));

    await sendDueCustomerReminders(deps, at(0));
    for (const d of [lifetime, disabled, elsewhere, offDevice, quietDevice, closedDevice]) expect(await claims(d.id)).toEqual([]);
    // A trial no account activated is the customer's to renew: it is reminded (the ending trial).
    expect(await claims(trial.id)).toHaveLength(1);
  });

  it('sends the day-after milestones from their day until the next one, the largest for one day, and never back-fills', async () => {
    const at = nextSeason();
    const s = await store({ reminders: { days_before: [], days_after: [0, 2, 7] } });
    const c = await customer(s);
    const a = await device(s, c.id, at(0, 1)); // expired at 01:00, the pass at REMINDER_HOUR: the 0-day one
    const b = await device(s, c.id, at(-3, 1)); // expired 3 days ago: the 2-day one (the 0 is never sent)
    const late = await device(s, c.id, at(-9, 1)); // 9 days ago, past the 7-day milestone's day: none
    await sendDueCustomerReminders(deps, at(0));
    expect((await claims(a.id)).map((r) => `${r.phase} ${r.days}`)).toEqual(['after 0']);
    expect((await claims(b.id)).map((r) => `${r.phase} ${r.days}`)).toEqual(['after 2']);
    expect(await claims(late.id)).toEqual([]);
  });

  it('sends each milestone once across two nodes passing at the same time', async () => {
    const at = nextSeason();
    const s = await store();
    const customersAndDevices = [];
    for (let i = 0; i < 5; i++) {
      const c = await customer(s);
      customersAndDevices.push({ c, d: await device(s, c.id, at(2)) });
    }
    const node = await t.anotherNode();
    try {
      // Slices of 2 links: the nodes meet on several claims, each node walking every slice.
      const passes = await Promise.all([
        sendDueCustomerReminders({ ...deps, pageSize: 2 }, at(0)),
        sendDueCustomerReminders({ ...deps, db: node.app.deps.db, mailer: node.app.deps.mailer, pageSize: 2 }, at(0)),
        sendDueCustomerReminders({ ...deps, pageSize: 3 }, at(0)),
      ]);
      expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(5);
    } finally {
      await node.close();
    }
    for (const { c, d } of customersAndDevices) {
      expect(mailsTo(c.email!)).toHaveLength(1);
      expect(await claims(d.id)).toHaveLength(1);
    }
  });

  it("writes in the customer's language, names the device and the store, links to the renewal, carries RFC 8058 headers, and goes to a linked Telegram chat too", async () => {
    const at = nextSeason();
    const s = await store({ support: { whatsapp: '+49 151 1234567' } });
    const c = await customer(s, { name: 'Jonas', language: 'de' });
    const connected = await t.call({ method: 'PUT', url: '/api/storefront/telegram', token: s.user.token, payload: { bot_token: BOT_TOKEN } });
    expect(connected.statusCode, connected.body).toBe(200);
    // The customer's chat, as its `/start <code>` links it (the telegram module's tests cover the linking).
    await t.database.db.execute(sql`update customers set telegram_chat_id = 4242 where id = ${c.id}`);
    const d = await device(s, c.id, at(3, 8));
    await sendDueCustomerReminders(deps, at(0));

    const [file] = mailsTo(c.email!);
    const headers = headersOf(file!.raw);
    const unsubscribe = /^List-Unsubscribe: <(http:\/\/panel\.test\/api\/public\/reminders\/unsubscribe\/[A-Za-z0-9_-]+)>$/m.exec(headers)?.[1];
    expect(unsubscribe).toBeDefined();
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const mail = decodeMail(file!);
    const app = (await rows<{ app_name: string }>(t, sql`select app_name from applications where id = ${apps[0]}`))[0]!.app_name;
    expect(mail.subject).toContain('Fast TV');
    expect(mail.subject).toContain(app);
    expect(mail.subject).toContain('endet am');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(d.mac);
      expect(part).toContain('+49 151 1234567');
      expect(part).toContain(translate('de', 'mail.customerReminderAction'));
    }
    expect(mail.text).toContain('Jonas');
    expect(mail.html).toContain('lang="de"');
    const link = renewLinkOf(mail.text)!;
    expect(link).toMatch(new RegExp(`^http://panel\\.test/store/${s.slug}/renew/[A-Za-z0-9_-]{40,60}$`));

    const chats = telegram.sent('sendMessage', 4242);
    expect(chats).toHaveLength(1);
    expect(chats[0]!.token).toBe(BOT_TOKEN);
    expect(chats[0]!.body.text).toContain(link);
    expect(chats[0]!.body.text).toContain(d.mac);
    expect((await claims(d.id))[0]).toMatchObject({ email_status: 'sent', telegram_status: 'sent' });

    // The link opens the store pre-filled.
    const token = link.split('/').pop()!;
    const read = await t.call({ method: 'GET', url: `/api/public/renewals/${token}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ data: Renewal }>().data).toEqual({ slug: s.slug, product_id: s.productId, mac_address: d.mac, app_ids: [apps[0]] });

    // The last sent, as the reseller's screen lists them.
    const list = await t.call({ method: 'GET', url: '/api/storefront/reminders/sent', token: s.user.token });
    expect(list.json<{ data: SentReminder[] }>().data).toEqual([
      expect.objectContaining({ customer: { id: c.id, name: 'Jonas', email: c.email }, mac_address: d.mac, app: { id: apps[0], name: app }, phase: 'before', days: 3, email_status: 'sent', telegram_status: 'sent' }),
    ]);
  });

  it('stops after the one-click unsubscribe (the RFC 8058 form body), and the reseller turns them back on', async () => {
    const at = nextSeason();
    const s = await store();
    const c = await customer(s, { language: 'esp' });
    const d = await device(s, c.id, at(6));
    await sendDueCustomerReminders(deps, at(0));
    const [file] = mailsTo(c.email!);
    const url = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(file!.raw))![1]!);

    const post = await t.call({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click', lang: 'esp' });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json<{ msg: string }>().msg).toBe(translate('esp', 'success.remindersUnsubscribed'));
    // Again, as multipart/form-data (RFC 8058 allows either encoding), and without a body: still fine.
    const multipart = '--b\r\ncontent-disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    const again = await t.call({ method: 'POST', url: url.pathname, headers: { 'content-type': 'multipart/form-data; boundary=b' }, payload: multipart });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.call({ method: 'POST', url: url.pathname })).statusCode).toBe(200);
    const page = await t.call({ method: 'GET', url: `/api/customers/${c.id}`, token: s.user.token });
    const off = page.json<{ data: CustomerDetail }>().data;
    expect(off.reminders.enabled).toBe(false);
    expect(off.reminders.off_since).not.toBeNull();
    expect(off.telegram_linked).toBe(false);

    await sendDueCustomerReminders(deps, at(3));
    expect(mailsTo(c.email!)).toHaveLength(1);

    // Another account cannot touch it; its own reseller turns it on again, and the next milestone comes.
    const other = await createReseller(t);
    expectError(await t.call({ method: 'PUT', url: `/api/customers/${c.id}/reminders`, token: other.token, payload: { enabled: true } }), 404, 'CUSTOMER_NOT_FOUND');
    const on = await t.call({ method: 'PUT', url: `/api/customers/${c.id}/reminders`, token: s.user.token, payload: { enabled: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ data: CustomerDetail }>().data.reminders).toEqual({ enabled: true, off_since: null });
    await sendDueCustomerReminders(deps, at(3, 23));
    expect((await claims(d.id)).map((r) => `${r.phase} ${r.days}`)).toEqual(['before 7', 'before 3']);
    const [audit] = await rows<{ details: unknown }>(t, sql`select details from audit_log where action = 'customer.reminders' and target_id = ${String(c.id)}`);
    expect(audit!.details).toEqual({ name: 'Ana', enabled: true });

    expectError(await t.call({ method: 'POST', url: '/api/public/reminders/unsubscribe/not-a-token' }), 404, 'REMINDER_LINK_NOT_FOUND');
    const altered = url.pathname.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expectError(await t.call({ method: 'POST', url: altered }), 404, 'REMINDER_LINK_NOT_FOUND');
  });

  it('keeps a reminder no channel took unsent and pending, and sends it once its claim is stale', async () => {
    const at = nextSeason();
    const s = await store();
    const c = await customer(s);
    const d = await device(s, c.id, at(2));
    const failing = { ...deps, mailer: { send: () => Promise.reject(new Error('SMTP down')), describe: () => 'down' } };
    expect(await sendDueCustomerReminders(failing, at(0))).toMatchObject({ sent: 0, pending: 1 });
    expect(await claims(d.id)).toEqual([expect.objectContaining({ phase: 'before', days: 3, sent_at: null, email_status: 'failed' })]);
    // Within the claim's timeout nothing is tried again; after it, the next pass sends it.
    expect(await sendDueCustomerReminders(deps, new Date(at(0).getTime() + CLAIM_TIMEOUT_MS - 60_000))).toMatchObject({ sent: 0, pending: 1 });
    expect(await sendDueCustomerReminders(deps, new Date(at(0).getTime() + CLAIM_TIMEOUT_MS + 60_000))).toMatchObject({ sent: 1, pending: 0 });
    expect(await claims(d.id)).toEqual([expect.objectContaining({ email_status: 'sent', sent_at: expect.anything() })]);
    expect(mailsTo(c.email!)).toHaveLength(1);
  });

  it('runs from the scheduler all day (a device linked after a pass that found nothing is reminded at the next check), and stop waits for the pass in flight', async () => {
    const at = nextSeason();
    const s = await store();
    const c = await customer(s);
    await device(s, c.id, at(1));
    let beats = 0;
    const scheduler = startCustomerReminderScheduler(deps, { intervalMs: 20, heartbeatMs: 10, clock: () => at(0), heartbeat: () => beats++ });
    await expect.poll(() => mailsTo(c.email!).length, { timeout: 10_000 }).toBe(1);
    // Later the same day: nothing was left pending, yet a newly linked device is seen.
    const later = await customer(s);
    await device(s, later.id, at(2));
    await expect.poll(() => mailsTo(later.email!).length, { timeout: 10_000 }).toBe(1);
    await scheduler.stop();
    expect(beats).toBeGreaterThan(0);
  });
});

describe('GET /api/public/renewals/:token', () => {
  it('answers the store, product, MAC and apps of a good token, and 404 for an altered, expired, foreign-store or closed-store one', async () => {
    const s = await store();
    const c = await customer(s);
    const d = await device(s, c.id, new Date(Date.now() + 5 * DAY));
    const config = t.app.deps.config;
    const get = (token: string) => t.call({ method: 'GET', url: `/api/public/renewals/${token}` });
    const good = renewalToken(config, { customerId: c.id, deviceId: d.id, productId: s.productId });
    expect(renewalLink(config, { slug: s.slug, customerId: c.id, deviceId: d.id, productId: s.productId })).toMatch(new RegExp(`^http://panel\\.test/store/${s.slug}/renew/`));
    expect((await get(good)).json<{ data: Renewal }>().data).toEqual({ slug: s.slug, product_id: s.productId, mac_address: d.mac, app_ids: [apps[0]] });

    const flipped = good.slice(0, 10) + (good[10] === 'A' ? 'B' : 'A') + good.slice(11);
    expectError(await get(flipped), 404, 'REMINDER_LINK_NOT_FOUND');
    expectError(await get('x'.repeat(47)), 404, 'REMINDER_LINK_NOT_FOUND');
    // Made 31 days ago: past its 30 days.
    expectError(await get(renewalToken(config, { customerId: c.id, deviceId: d.id, productId: s.productId }, new Date(Date.now() - 31 * DAY))), 404, 'REMINDER_LINK_NOT_FOUND');
    // An unsubscribe token is no renewal token.
    expectError(await get(unsubscribeToken(config, c.id)), 404, 'REMINDER_LINK_NOT_FOUND');
    // Another store's product, another customer's device.
    const other = await store();
    expectError(await get(renewalToken(config, { customerId: c.id, deviceId: d.id, productId: other.productId })), 404, 'REMINDER_LINK_NOT_FOUND');
    const stranger = await customer(other);
    expectError(await get(renewalToken(config, { customerId: stranger.id, deviceId: d.id, productId: other.productId })), 404, 'REMINDER_LINK_NOT_FOUND');

    // The product taken off sale: the store's first active one for the app instead.
    const second = await t.call({ method: 'POST', url: '/api/storefront/products', token: s.user.token, payload: { name: 'Two apps', app_ids: apps.slice(0, 2), package: 'one_year', price: 1990 } });
    await t.call({ method: 'DELETE', url: `/api/storefront/products/${s.productId}`, token: s.user.token });
    expect((await get(good)).json<{ data: Renewal }>().data).toMatchObject({ product_id: second.json<{ data: { id: number } }>().data.id, app_ids: apps.slice(0, 2) });

    // The store closed.
    await t.database.db.execute(sql`update storefronts set enabled = false where id = ${s.storefrontId}`);
    expectError(await get(good), 404, 'REMINDER_LINK_NOT_FOUND');
  });
});

describe('GET /api/storefront/reminders/preview', () => {
  it('shows the mail in the language asked (the store default otherwise), with the store and example values', async () => {
    const s = await store();
    const ar = await t.call({ method: 'GET', url: '/api/storefront/reminders/preview', token: s.user.token, query: { language: 'ar' } });
    expect(ar.statusCode, ar.body).toBe(200);
    const data = ar.json<{ data: ReminderPreview }>().data;
    expect(data.language).toBe('ar');
    expect(data.subject).toContain('Fast TV');
    expect(data.html).toContain('dir="rtl"');
    expect(data.text).toContain(translate('ar', 'mail.customerReminderAction'));
    expect(data.text).toContain('help@fast.tv');
    const plain = await t.call({ method: 'GET', url: '/api/storefront/reminders/preview', token: s.user.token });
    expect(plain.json<{ data: ReminderPreview }>().data.language).toBe('en');
    expect((await t.call({ method: 'GET', url: '/api/storefront/reminders/preview', token: s.user.token, query: { language: 'xx' } })).statusCode).toBe(422);
    const bare = await createReseller(t);
    expectError(await t.call({ method: 'GET', url: '/api/storefront/reminders/preview', token: bare.token }), 404, 'STOREFRONT_NOT_SET_UP');
  });
});
