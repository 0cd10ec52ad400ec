import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type Storefront } from '@panel/contract';
import { onPostgres, type TestApp } from '../../../test/harness.js';
import { watchedTestApp, type Seen } from '../../../test/watched-app.js';
import { applicationIds, createReseller, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';
import { decodeMail } from '../../../test/mail.js';
import { addProduct, openTestStore, orderRow, placedOrder, type TestStore } from '../../../test/store-checkout.js';
import { telegramStandIn } from '../../../test/telegram-stand-in.js';
import { makeStepUpStale, turnOn } from '../../../test/two-factor.js';
import { sendDueDigests } from './telegram-digest.js';
import { updatesSettled } from './telegram-updates.js';

/**
 * The store's own Telegram bot (issue 44), against a local stand-in of the Bot API on 127.0.0.1
 * (TELEGRAM_API_BASE): connect and disconnect, the webhook's secret, update idempotency, the
 * reseller's and the customers' chats, Approve and Reject from the reseller's chat, /status, and the
 * daily digest. Real mail files; PGlite, or PostgreSQL with TEST_DB=postgres.
 */
describe(`the store's Telegram bot (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const standIn = telegramStandIn();
  const TOKEN = `7012345678:AAH${crypto.randomBytes(24).toString('base64url')}`;
  const BOT = 'fast_tv_bot';
  const OWNER_CHAT = 5550001;
  let seen: Seen;
  let t: TestApp;
  let apps: number[];
  let admin: string;
  let reseller: TestUser;
  let store: TestStore;
  let product: number;
  let nextUpdate = 1000;

  beforeAll(async () => {
    standIn.goodTokens.set(TOKEN, BOT);
    const base = await standIn.listen();
    ({ t, seen } = await watchedTestApp({ TELEGRAM_API_BASE: base }));
    apps = await applicationIds(t);
    admin = await fundedAdmin(t, 10_000);
    reseller = await createReseller(t, { applications: apps.slice(0, 2) });
    await recharge(t, admin, { email: reseller.email, points: 500 });
    store = await openTestStore(t, reseller, { stripe: false });
    product = await addProduct(t, reseller, { name: 'One year', app_ids: [apps[0]!], price: 1490 });
  });
  afterAll(async () => {
    await updatesSettled();
    await t?.close();
    await standIn.close();
  });

  const connect = (user: TestUser, bot_token: string = TOKEN) => t.call({ method: 'PUT', url: '/api/storefront/telegram', token: user.token, payload: { bot_token } });
  const storefrontOf = async (user: TestUser) => (await t.call({ method: 'GET', url: '/api/storefront', token: user.token })).json<{ data: Storefront }>().data;
  const secretOf = () => standIn.sent('setWebhook').at(-1)!.body.secret_token as string;

  /** Delivers `update` to the store's webhook as Telegram does, then waits for the work it started. */
  async function deliver(update: Record<string, unknown>, secret: string | null = secretOf(), storefrontId: number | string = store.id) {
    const res = await t.call({
      method: 'POST',
      url: `/api/public/telegram/${storefrontId}/webhook`,
      headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
      payload: { update_id: nextUpdate++, ...update },
    });
    await updatesSettled();
    return res;
  }
  const message = (chatId: number, text: string, type = 'private') => ({ message: { message_id: 1, date: 0, chat: { id: chatId, type }, from: { id: chatId }, text } });
  const button = (chatId: number, data: string, messageId = 77) => ({
    callback_query: { id: `cb${nextUpdate}`, from: { id: chatId }, data, message: { message_id: messageId, chat: { id: chatId, type: 'private' }, text: 'New order' } },
  });
  const lastText = (chatId: number) => standIn.sent('sendMessage', chatId).at(-1)?.body.text as string | undefined;
  const codeOf = (url: string) => new URL(url).searchParams.get('start')!;

  async function until(check: () => boolean | Promise<boolean>, what: string) {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`never happened: ${what}`);
  }

  async function manualOrder(email = `buyer-${crypto.randomBytes(4).toString('hex')}@example.com`) {
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    const placed = await placedOrder(t, store.slug, { product_id: product, mac_address: mac, email, method: 'manual' });
    return { ...placed, mac, email };
  }
  const ledgerRowsOf = async (userId: number) => (await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger where debitor_id = ${userId} and tr_type = 'Activation'`))[0]!.n;
  const storeRow = async () =>
    (await rows<{ telegram_owner_chat_id: string | null; telegram_secret_hash: string | null; telegram_bot_token_encrypted: string | null; telegram_bot_username: string | null }>(t, sql`select * from storefronts where id = ${store.id}`))[0]!;

  it('answers 404 STOREFRONT_NOT_SET_UP before the store exists, and 422 on bot_token for a malformed token or one Telegram refuses', async () => {
    const bare = await createReseller(t);
    expectError(await connect(bare), 404, 'STOREFRONT_NOT_SET_UP');
    const malformed = await connect(reseller, 'not-a-token');
    expectError(malformed, 422, 'VALIDATION');
    expect(malformed.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('bot_token');
    const refused = await connect(reseller, `7012345678:AAH${'x'.repeat(32)}`);
    expectError(refused, 422, 'VALIDATION');
    expect(refused.json<{ errors: Record<string, unknown> }>().errors).toHaveProperty('bot_token');
    expect(standIn.sent('setWebhook')).toHaveLength(0);
    expect((await storeRow()).telegram_bot_token_encrypted).toBeNull();
  });

  it('connects: getMe, then setWebhook at the store\'s address with a fresh secret (kept as its hash) for messages and buttons; the token is stored encrypted', async () => {
    const res = await connect(reseller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, msg: translate('en', 'success.telegramConnected'), data: { connected: true, bot_username: BOT, owner_link_url: null, owner_linked: false } });
    expect(standIn.sent('getMe').at(-1)!.token).toBe(TOKEN);
    const webhook = standIn.sent('setWebhook').at(-1)!;
    expect(webhook.token).toBe(TOKEN);
    expect(webhook.body).toMatchObject({ url: `${t.app.deps.config.publicUrl}/api/public/telegram/${store.id}/webhook`, allowed_updates: ['message', 'callback_query'] });
    expect(webhook.body.secret_token).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    const row = await storeRow();
    expect(row.telegram_secret_hash).toBe(crypto.createHash('sha256').update(secretOf()).digest('hex'));
    expect(row.telegram_bot_username).toBe(BOT);
    expect(row.telegram_bot_token_encrypted).not.toContain(TOKEN.split(':')[1]);

    const shown = await storefrontOf(reseller);
    expect(shown.telegram).toMatchObject({ connected: true, bot_username: BOT, owner_linked: false });
    expect(shown.telegram.owner_link_url).toMatch(new RegExp(`^https://t\\.me/${BOT}\\?start=[A-Za-z0-9_-]{8,64}$`));
    // A new code each time the settings are read.
    expect((await storefrontOf(reseller)).telegram.owner_link_url).not.toBe(shown.telegram.owner_link_url);
  });

  it('refuses an update without the right secret header with 401 and does nothing', async () => {
    const sentBefore = standIn.calls.length;
    const linkUrl = (await storefrontOf(reseller)).telegram.owner_link_url!;
    for (const secret of [null, 'wrong-secret-wrong-secret-wrong-secret', `${secretOf()}x`]) {
      expectError(await deliver(message(OWNER_CHAT, `/start ${codeOf(linkUrl)}`), secret), 401, 'C10002');
    }
    expectError(await deliver(message(OWNER_CHAT, '/status'), secretOf(), 999_999), 401, 'C10002');
    expectError(await deliver(message(OWNER_CHAT, '/status'), secretOf(), 'abc'), 401, 'C10002');
    expect(standIn.calls.length).toBe(sentBefore);
    expect((await rows(t, sql`select 1 from telegram_updates where storefront_id = ${store.id}`)).length).toBe(0);
    expect((await storeRow()).telegram_owner_chat_id).toBeNull();
  });

  it('links the reseller\'s chat with a good one-time code, in the account\'s language; a reused or expired code is refused', async () => {
    await t.database.db.execute(sql`update users set locale = 'de' where id = ${reseller.id}`);
    const code = codeOf((await storefrontOf(reseller)).telegram.owner_link_url!);
    expect((await deliver(message(OWNER_CHAT, `/start ${code}`))).statusCode).toBe(200);
    expect(Number((await storeRow()).telegram_owner_chat_id)).toBe(OWNER_CHAT);
    expect(lastText(OWNER_CHAT)).toBe(translate('de', 'telegram.ownerLinked', { store: 'Fast TV' }));
    expect((await storefrontOf(reseller)).telegram.owner_linked).toBe(true);

    // Reused from another chat: refused, the owner's chat stays.
    await deliver(message(4_000_001, `/start ${code}`));
    expect(Number((await storeRow()).telegram_owner_chat_id)).toBe(OWNER_CHAT);
    expect(lastText(4_000_001)).toBe(translate('en', 'telegram.codeInvalid', { store: 'Fast TV' }));

    // Expired: refused.
    const late = codeOf((await storefrontOf(reseller)).telegram.owner_link_url!);
    await t.database.db.execute(sql`update storefronts set telegram_owner_code_expires_at = now() - interval '1 minute' where id = ${store.id}`);
    await deliver(message(4_000_002, `/start ${late}`));
    expect(Number((await storeRow()).telegram_owner_chat_id)).toBe(OWNER_CHAT);
    expect(lastText(4_000_002)).toBe(translate('en', 'telegram.codeInvalid', { store: 'Fast TV' }));

    // A group chat is never linked, even with a good code.
    const good = codeOf((await storefrontOf(reseller)).telegram.owner_link_url!);
    await deliver(message(-100_123, `/start ${good}`, 'group'));
    expect(Number((await storeRow()).telegram_owner_chat_id)).toBe(OWNER_CHAT);

    const audits = await rows<{ action: string; actor_id: number }>(t, sql`select action, actor_id from audit_log where action = 'storefront.telegram_chat_linked'`);
    expect(audits).toEqual([{ action: 'storefront.telegram_chat_linked', actor_id: reseller.id }]);
    await t.database.db.execute(sql`update users set locale = 'en' where id = ${reseller.id}`);
  });

  it('acts on each update_id once, however often Telegram delivers it', async () => {
    const before = standIn.sent('sendMessage', 4_000_003).length;
    const update = { update_id: 9_000_000, ...message(4_000_003, 'hello') };
    for (let i = 0; i < 3; i++) {
      const res = await t.call({ method: 'POST', url: `/api/public/telegram/${store.id}/webhook`, headers: { 'x-telegram-bot-api-secret-token': secretOf() }, payload: update });
      expect(res.statusCode, res.body).toBe(200);
    }
    await updatesSettled();
    expect(standIn.sent('sendMessage', 4_000_003).length).toBe(before + 1);
    expect((await rows(t, sql`select 1 from telegram_updates where storefront_id = ${store.id} and update_id = 9000000`)).length).toBe(1);
  });

  it('sends the reseller a new order awaiting approval with Approve and Reject buttons naming the order', async () => {
    const order = await manualOrder();
    await until(() => standIn.sent('sendMessage', OWNER_CHAT).some((c) => String(c.body.text).includes(`#${order.id}`)), 'the order message');
    const sent = standIn.sent('sendMessage', OWNER_CHAT).find((c) => String(c.body.text).includes(`#${order.id}`))!;
    expect(sent.body.text).toContain(order.mac);
    expect(sent.body.reply_markup).toEqual({
      inline_keyboard: [
        [
          { text: translate('en', 'telegram.approve'), callback_data: `approve:${order.id}` },
          { text: translate('en', 'telegram.reject'), callback_data: `reject:${order.id}` },
        ],
      ],
    });
  });

  it('refuses a button pressed from any other chat: nothing changes', async () => {
    const order = await manualOrder();
    const balance = await balanceOf(t, reseller.id);
    await deliver(button(4_000_004, `approve:${order.id}`));
    await deliver(button(4_000_004, `reject:${order.id}`));
    expect((await orderRow(t, order.id))!.status).toBe('awaiting_approval');
    expect(await balanceOf(t, reseller.id)).toBe(balance);
    const answered = standIn.sent('answerCallbackQuery').slice(-2);
    expect(answered.map((c) => c.body.text)).toEqual([translate('en', 'telegram.notYours'), translate('en', 'telegram.notYours')]);

    // From the reseller's own chat, another account's order is not found: nothing changes there either.
    const stranger = await createReseller(t, { applications: [apps[0]!] });
    await recharge(t, admin, { email: stranger.email, points: 10 });
    const theirs = await openTestStore(t, stranger, { stripe: false });
    const theirProduct = await addProduct(t, stranger, { app_ids: [apps[0]!] });
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    const foreign = await placedOrder(t, theirs.slug, { product_id: theirProduct, mac_address: mac, email: 'someone@example.com', method: 'manual' });
    await deliver(button(OWNER_CHAT, `approve:${foreign.id}`));
    expect((await orderRow(t, foreign.id))!.status).toBe('awaiting_approval');
    expect(await balanceOf(t, stranger.id)).toBe(10);
    expect(standIn.sent('answerCallbackQuery').at(-1)!.body.text).toBe(translate('en', 'errors.orderNotFound'));
  });

  it('approves once under repeated and concurrent callbacks: one activation, one charge, the message edited with the outcome', async () => {
    const order = await manualOrder();
    const balance = await balanceOf(t, reseller.id);
    const ledger = await ledgerRowsOf(reseller.id);
    const secret = secretOf();
    // Ten presses at once (ten update ids), each also redelivered.
    const presses = Array.from({ length: 10 }, () => ({ update_id: nextUpdate++, ...button(OWNER_CHAT, `approve:${order.id}`, 500 + order.id) }));
    // Over real HTTP, as Telegram delivers them.
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const results = await Promise.all(
      [...presses, ...presses].map((payload) =>
        fetch(`${base}/api/public/telegram/${store.id}/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
          body: JSON.stringify(payload),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    await updatesSettled();
    expect((await orderRow(t, order.id))!.status).toBe('activated');
    expect(await balanceOf(t, reseller.id)).toBe(balance - 1);
    expect(await ledgerRowsOf(reseller.id)).toBe(ledger + 1);
    expect((await rows(t, sql`select 1 from audit_log where action = 'store_order.approved' and target_id = ${String(order.id)}`)).length).toBe(1);
    // The press that moved it edits the message, once; the others only answer their callback.
    const edits = standIn.sent('editMessageText', OWNER_CHAT).filter((c) => c.body.message_id === 500 + order.id);
    expect(edits.map((c) => c.body.text)).toEqual([`New order\n\n${translate('en', 'telegram.outcomeActivated')}`]);
    expect(standIn.sent('answerCallbackQuery').filter((c) => c.body.text === translate('en', 'telegram.outcomeActivated'))).toHaveLength(1);
    // The customer's receipt mail went out, once, with the customer's start link to the store's bot.
    await until(() => t.mails().filter((m) => m.to === order.email).length === 1, 'the receipt mail');
    const receipt = decodeMail(t.mails().find((m) => m.to === order.email)!);
    expect(order.telegram_url).toMatch(/^https:\/\/t\.me\//);
    expect(receipt.text).toContain(`${translate('en', 'mail.storeReceiptTelegram', { store: 'Fast TV' })}: ${order.telegram_url}`);
    expect(receipt.html).toContain(`href="${order.telegram_url}"`);
  });

  it('rejects from the chat through the web\'s rule, with the reason "Rejected from Telegram"', async () => {
    const order = await manualOrder();
    const balance = await balanceOf(t, reseller.id);
    await deliver(button(OWNER_CHAT, `reject:${order.id}`));
    const [row] = await rows<{ status: string; reject_reason: string }>(t, sql`select status, reject_reason from store_orders where id = ${order.id}`);
    expect(row).toEqual({ status: 'rejected', reject_reason: translate('en', 'telegram.rejectReason') });
    expect(await balanceOf(t, reseller.id)).toBe(balance);
    expect(standIn.sent('answerCallbackQuery').at(-1)!.body.text).toBe(translate('en', 'telegram.outcomeRejected'));
    // A second press finds it rejected: nothing moves.
    await deliver(button(OWNER_CHAT, `approve:${order.id}`));
    expect((await orderRow(t, order.id))!.status).toBe('rejected');
    expect(await balanceOf(t, reseller.id)).toBe(balance);
  });

  it('links a customer\'s chat with its start code; /status answers its devices only; its receipt goes there too; /stop unlinks', async () => {
    const ana = await manualOrder('ana@example.com');
    const bruno = await manualOrder('bruno@example.com');
    // The placed order's answer and its public page carry the customer's start link.
    expect(ana.telegram_url).toMatch(new RegExp(`^https://t\\.me/${BOT}\\?start=[A-Za-z0-9_-]{8,64}$`));
    const read = await t.call({ method: 'GET', url: `/api/public/orders/${ana.id}`, token: ana.order_token });
    expect(read.json<{ data: { telegram_url: string } }>().data.telegram_url).toBe(ana.telegram_url);
    expect(bruno.telegram_url).not.toBe(ana.telegram_url);
    const ANA = 6_000_001;
    const BRUNO = 6_000_002;
    await deliver(message(ANA, `/start ${codeOf(ana.telegram_url!)}`));
    await deliver(message(BRUNO, `/start ${codeOf(bruno.telegram_url!)}`));
    expect(lastText(ANA)).toBe(translate('en', 'telegram.customerLinked', { store: 'Fast TV' }));
    expect((await rows<{ c: string }>(t, sql`select telegram_chat_id::text as c from customers where email = 'ana@example.com'`))[0]!.c).toBe(String(ANA));

    // Approved from the reseller's chat: Ana's receipt also reaches her chat.
    await deliver(button(OWNER_CHAT, `approve:${ana.id}`));
    await until(() => standIn.sent('sendMessage', ANA).some((c) => String(c.body.text).includes(ana.mac)), 'the receipt in the chat');
    expect(String(lastText(ANA))).toContain(translate('en', 'mail.storeReceiptProduct', { product: 'One year' }));

    await deliver(message(ANA, '/status'));
    const status = lastText(ANA)!;
    expect(status).toContain(ana.mac);
    expect(status).not.toContain(bruno.mac);
    await deliver(message(BRUNO, '/status'));
    expect(lastText(BRUNO)).toBe(translate('en', 'telegram.statusNone', { store: 'Fast TV' }));
    // A chat linked to nobody learns nothing.
    await deliver(message(6_000_003, '/status'));
    expect(lastText(6_000_003)).toBe(translate('en', 'telegram.notLinked', { store: 'Fast TV' }));

    await deliver(message(ANA, '/stop'));
    expect((await rows<{ c: string | null }>(t, sql`select telegram_chat_id as c from customers where email = 'ana@example.com'`))[0]!.c).toBeNull();
    expect(lastText(ANA)).toBe(translate('en', 'telegram.customerUnlinked', { store: 'Fast TV' }));
  });

  it('tells the reseller\'s chat of its low balance, and of an approved order left waiting for credit', async () => {
    const balance = await balanceOf(t, reseller.id);
    await t.database.db.execute(sql`update users set low_credit_threshold = ${balance}, low_credit_notified_at = null where id = ${reseller.id}`);
    const first = await manualOrder();
    await deliver(button(OWNER_CHAT, `approve:${first.id}`));
    const low = translate('en', 'mail.lowCreditIntro', { balance: balance - 1, threshold: balance });
    await until(() => standIn.sent('sendMessage', OWNER_CHAT).some((c) => String(c.body.text).includes(low)), 'the low-balance line');
    await t.database.db.execute(sql`update users set low_credit_threshold = null where id = ${reseller.id}`);

    // No credit left: approving leaves the order waiting, and the chat hears it.
    const order = await manualOrder();
    await t.database.db.execute(sql`update users set credit_point = 0 where id = ${reseller.id}`);
    await deliver(button(OWNER_CHAT, `approve:${order.id}`));
    expect((await orderRow(t, order.id))!.status).toBe('waiting_credit');
    expect(standIn.sent('answerCallbackQuery').at(-1)!.body.text).toBe(translate('en', 'telegram.outcomeWaitingCredit'));
    const waiting = translate('en', 'mail.storeWaitingCreditIntro', { id: order.id, product: 'One year', mac: order.mac, count: 1 });
    await until(() => standIn.sent('sendMessage', OWNER_CHAT).some((c) => String(c.body.text).includes(waiting)), 'the waiting-for-credit message');
    await t.database.db.execute(sql`update users set credit_point = ${balance - 1} where id = ${reseller.id}`);
  });

  it('sends a test message to the reseller\'s chat, and the daily digest once per store and day across two nodes', async () => {
    const res = await t.call({ method: 'POST', url: '/api/storefront/telegram/test', token: reseller.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(lastText(OWNER_CHAT)).toBe(translate('en', 'telegram.test', { store: 'Fast TV' }));
    // Telegram refusing it (the reseller blocked its bot) is said, not hidden.
    standIn.failures.set('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    expectError(await t.call({ method: 'POST', url: '/api/storefront/telegram/test', token: reseller.token }), 502, 'TELEGRAM_UNAVAILABLE');

    const deps = { db: t.database.db, config: t.app.deps.config, log: t.app.log };
    // Tomorrow evening: the digest tells of today, when this file's orders were placed and approved.
    const now = new Date();
    now.setDate(now.getDate() + 1);
    now.setHours(23, 30, 0, 0);
    const before = standIn.sent('sendMessage', OWNER_CHAT).length;
    const passes = await Promise.all([sendDueDigests(deps, now), sendDueDigests(deps, now)]);
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(1);
    expect((await sendDueDigests(deps, now)).sent).toBe(0);
    const digests = standIn.sent('sendMessage', OWNER_CHAT).slice(before);
    expect(digests).toHaveLength(1);
    const balance = await balanceOf(t, reseller.id);
    const text = String(digests[0]!.body.text);
    expect(text).toContain(translate('en', 'telegram.digestBalance', { balance }));
    const [today] = await rows<{ orders: number; revenue: number; activations: number }>(
      t,
      sql`select (select count(*)::int from store_orders where storefront_id = ${store.id}) as orders,
                 (select coalesce(sum(price), 0)::int from store_orders where storefront_id = ${store.id} and status = 'activated') as revenue,
                 (select count(*)::int from activations where reseller_id = ${reseller.id}) as activations`,
    );
    expect(today!.revenue).toBeGreaterThan(0);
    expect(text).toContain(translate('en', 'telegram.digestOrders', { number: today!.orders }));
    expect(text).toContain(translate('en', 'telegram.digestActivations', { number: today!.activations }));
    expect(text).toContain(translate('en', 'telegram.digestRevenue', { amounts: new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(today!.revenue / 100) }));
    const early = new Date(now);
    early.setHours(0, 5, 0, 0);
    expect((await sendDueDigests(deps, early)).due).toBe(t.app.deps.config.reminderHour === 0);
  });

  it('/stop from the reseller\'s chat unlinks it; then the test message answers 409', async () => {
    await deliver(message(OWNER_CHAT, '/stop'));
    expect((await storeRow()).telegram_owner_chat_id).toBeNull();
    expect(lastText(OWNER_CHAT)).toBe(translate('en', 'telegram.ownerUnlinked', { store: 'Fast TV' }));
    expectError(await t.call({ method: 'POST', url: '/api/storefront/telegram/test', token: reseller.token }), 409, 'TELEGRAM_CHAT_NOT_LINKED');
  });

  it('needs a recent second factor to connect or disconnect where the account has one', async () => {
    const guarded = await turnOn(t, await createReseller(t));
    await openTestStore(t, guarded, { stripe: false });
    await makeStepUpStale(t, guarded.id);
    expectError(await connect(guarded), 403, 'STEP_UP_REQUIRED');
    expectError(await t.call({ method: 'DELETE', url: '/api/storefront/telegram', token: guarded.token }), 403, 'STEP_UP_REQUIRED');
  });

  it('answers 502 TELEGRAM_UNAVAILABLE when Telegram refuses setWebhook, and keeps the bot as it was', async () => {
    const before = await storeRow();
    standIn.failures.set('setWebhook', { error_code: 400, description: 'Bad Request: bad webhook: HTTPS url must be provided for webhook' });
    expectError(await connect(reseller), 502, 'TELEGRAM_UNAVAILABLE');
    expect(await storeRow()).toEqual(before);
  });

  it('disconnects: deleteWebhook, the bot forgotten, and its old secret then refused', async () => {
    const secret = secretOf();
    const res = await t.call({ method: 'DELETE', url: '/api/storefront/telegram', token: reseller.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { connected: false, bot_username: null, owner_link_url: null, owner_linked: false } });
    expect(standIn.sent('deleteWebhook').at(-1)!.token).toBe(TOKEN);
    expect(await storeRow()).toMatchObject({ telegram_bot_token_encrypted: null, telegram_secret_hash: null, telegram_owner_chat_id: null, telegram_bot_username: null });
    expectError(await deliver(message(OWNER_CHAT, '/status'), secret), 401, 'C10002');
    expect((await storefrontOf(reseller)).telegram).toEqual({ connected: false, bot_username: null, owner_link_url: null, owner_linked: false });
  });

  it('never shows the token in an answer, an audit row or a log line', async () => {
    const secretPart = TOKEN.split(':')[1]!;
    expect(seen.answers.join('\n')).not.toContain(secretPart);
    expect(seen.logged).not.toContain(secretPart);
    expect(seen.logged).not.toContain(secretOf());
    const audits = await rows<{ action: string; details: unknown }>(t, sql`select action, details from audit_log where action like 'storefront.telegram%'`);
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['storefront.telegram_connected', 'storefront.telegram_chat_linked', 'storefront.telegram_chat_unlinked', 'storefront.telegram_disconnected']),
    );
    expect(JSON.stringify(audits)).not.toContain(secretPart);
    expect(JSON.stringify(audits)).toContain(BOT);
  });
});
