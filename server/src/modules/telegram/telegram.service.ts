import crypto from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { InlineKeyboard } from 'grammy';
import {
  LANGUAGE_TAGS,
  LOCALES,
  TELEGRAM_OWNER_CODE_TTL_MINUTES,
  translate,
  type Locale,
  type StorefrontTelegram,
  type StorefrontTelegramInput,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { applications, customers, storeOrders, storefronts, users } from '../../db/schema.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { decryptSecret, encryptSecret, serverKey } from '../../lib/server-key.js';
// The customer an order files is the same whichever path files it first (its approval, or its Telegram link).
// Not through customers.service: that reaches storefront.service, which reaches this file (an import cycle).
// eslint-disable-next-line no-restricted-imports
import { fileCustomer } from '../customers/customer-filing.js';
import { botApi, telegramFailure, tokenRefused } from './telegram-api.js';

/**
 * The store's own Telegram bot (issue 44): connecting and disconnecting it, the reseller's one-time
 * link to its own chat, and every message the panel sends through it (to the reseller's chat: orders
 * with Approve and Reject, waiting for credit, failed, low balance; to a customer's chat: receipts
 * and reminders). The updates Telegram delivers are handled in telegram-updates.ts.
 *
 * The token is encrypted with the server key, handed to grammY for each call and nowhere else: never
 * answered, logged or audited. The webhook's secret is kept as its SHA-256 only.
 */

type StoreRow = typeof storefronts.$inferSelect;
type OrderRow = typeof storeOrders.$inferSelect;
type TelegramCtx = Pick<Ctx, 'db' | 'config' | 'log'>;
type SendOptions = { reply_markup?: InlineKeyboard };

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** 32 random bytes in Telegram's secret alphabet (A–Z a–z 0–9 _ -): 43 characters. */
const randomSecret = () => crypto.randomBytes(32).toString('base64url');

export const webhookUrlOf = (ctx: Pick<Ctx, 'config'>, storefrontId: number) => `${ctx.config.publicUrl}/api/public/telegram/${storefrontId}/webhook`;
export const startLinkOf = (botUsername: string, code: string) => `https://t.me/${botUsername}?start=${code}`;

export const localeOf = (stored: string | null | undefined): Locale => ((LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : 'en');
export const dayText = (locale: Locale, date: Date) =>
  new Intl.DateTimeFormat(LANGUAGE_TAGS[locale], { dateStyle: 'long', numberingSystem: 'latn', timeZone: 'UTC' }).format(date);
/** A price in its currency's minor unit, written in `locale`. */
export function moneyText(locale: Locale, minor: number, currency: string): string {
  const format = new Intl.NumberFormat(LANGUAGE_TAGS[locale], { style: 'currency', currency, numberingSystem: 'latn' });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The store's bot, connected: its token in clear for one call's life. */
export type ConnectedBot = { store: StoreRow; token: string; username: string };

export function botOf(ctx: Pick<Ctx, 'config'>, store: StoreRow): ConnectedBot | null {
  if (!store.telegramBotTokenEncrypted || !store.telegramBotUsername) return null;
  return { store, token: decryptSecret(serverKey(ctx.config), store.telegramBotTokenEncrypted), username: store.telegramBotUsername };
}

/** What GET /api/storefront and the answers of this module show: never the token. */
export function shownTelegram(store: StoreRow, ownerLinkUrl: string | null = null): StorefrontTelegram {
  const connected = store.telegramBotTokenEncrypted !== null;
  return {
    connected,
    bot_username: connected ? store.telegramBotUsername : null,
    owner_link_url: connected ? ownerLinkUrl : null,
    owner_linked: connected && store.telegramOwnerChatId !== null,
  };
}

/**
 * A fresh one-time link for the reseller's own chat: `https://t.me/<bot>?start=<code>`. Only its
 * hash is kept, for TELEGRAM_OWNER_CODE_TTL_MINUTES; a new one replaces the last (one link works at
 * a time), and `/start <code>` spends it.
 */
export async function ownerLinkUrl(ctx: Pick<Ctx, 'db'>, store: StoreRow): Promise<string | null> {
  if (!store.telegramBotTokenEncrypted || !store.telegramBotUsername) return null;
  const code = crypto.randomBytes(24).toString('base64url');
  await ctx.db
    .update(storefronts)
    .set({ telegramOwnerCodeHash: sha256(code), telegramOwnerCodeExpiresAt: new Date(Date.now() + TELEGRAM_OWNER_CODE_TTL_MINUTES * 60_000) })
    .where(eq(storefronts.id, store.id));
  return startLinkOf(store.telegramBotUsername, code);
}

/** The store's Telegram part of GET /api/storefront, with a fresh owner link while a bot is connected. */
export async function telegramOfStore(ctx: Pick<Ctx, 'db'>, store: StoreRow): Promise<StorefrontTelegram> {
  return shownTelegram(store, await ownerLinkUrl(ctx, store));
}

async function requireOwn(ctx: Ctx, db: DbOrTx = ctx.db): Promise<StoreRow> {
  const [row] = await db.select().from(storefronts).where(eq(storefronts.userId, callerOf(ctx).userId));
  if (!row) throw new AppError('STOREFRONT_NOT_SET_UP');
  return row;
}

/**
 * PUT /api/storefront/telegram. Telegram is asked first (getMe, then setWebhook with a fresh
 * secret), the row written last: a refused token or an unreachable Telegram leaves the store as it
 * was. A different bot unlinks the reseller's chat (that chat talks to the old bot); the same bot
 * again keeps it.
 */
export async function connect(ctx: Ctx, input: StorefrontTelegramInput): Promise<StorefrontTelegram> {
  requireStepUp(ctx);
  const own = await requireOwn(ctx);
  const token = input.bot_token.trim();
  const api = botApi(ctx.config, token);
  let username: string;
  try {
    const me = await api.getMe();
    if (!me.username) throw fieldError('bot_token', 'validation.telegramBotTokenRefused');
    username = me.username;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (tokenRefused(error)) throw fieldError('bot_token', 'validation.telegramBotTokenRefused');
    ctx.log.warn({ telegram: telegramFailure(error), storefrontId: own.id }, 'telegram getMe failed');
    throw new AppError('TELEGRAM_UNAVAILABLE');
  }
  const secret = randomSecret();
  try {
    await api.setWebhook(webhookUrlOf(ctx, own.id), { secret_token: secret, allowed_updates: ['message', 'callback_query'], drop_pending_updates: true });
  } catch (error) {
    ctx.log.warn({ telegram: telegramFailure(error), storefrontId: own.id }, 'telegram setWebhook failed');
    throw new AppError('TELEGRAM_UNAVAILABLE');
  }
  const sameBot = own.telegramBotUsername === username && own.telegramBotTokenEncrypted !== null;
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(storefronts)
      .set({
        telegramBotTokenEncrypted: encryptSecret(serverKey(ctx.config), token),
        telegramBotUsername: username,
        telegramSecretHash: sha256(secret),
        telegramOwnerChatId: sameBot ? own.telegramOwnerChatId : null,
        telegramOwnerCodeHash: null,
        telegramOwnerCodeExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(storefronts.id, own.id))
      .returning();
    await audit(ctx, { action: 'storefront.telegram_connected', targetType: 'storefront', targetId: own.id, details: { bot: username } }, tx);
    return row!;
  });
  return shownTelegram(saved);
}

/**
 * DELETE /api/storefront/telegram: the webhook deleted at Telegram, then the bot forgotten. The
 * bot is forgotten even when Telegram cannot be reached (logged): the secret goes with it, so any
 * update still delivered is refused.
 */
export async function disconnect(ctx: Ctx): Promise<StorefrontTelegram> {
  requireStepUp(ctx);
  const own = await requireOwn(ctx);
  let bot: ConnectedBot | null = null;
  try {
    bot = botOf(ctx, own);
  } catch (error) {
    // The server key changed since the token was saved: it cannot be read, but it can be forgotten.
    ctx.log.warn({ err: error, storefrontId: own.id }, 'telegram token unreadable with the server key; the bot is forgotten without deleteWebhook');
  }
  if (bot) {
    try {
      await botApi(ctx.config, bot.token).deleteWebhook();
    } catch (error) {
      if (!tokenRefused(error)) ctx.log.warn({ telegram: telegramFailure(error), storefrontId: own.id }, 'telegram deleteWebhook failed; the bot is forgotten anyway');
    }
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(storefronts)
      .set({
        telegramBotTokenEncrypted: null,
        telegramBotUsername: null,
        telegramSecretHash: null,
        telegramOwnerChatId: null,
        telegramOwnerCodeHash: null,
        telegramOwnerCodeExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(storefronts.id, own.id))
      .returning();
    if (own.telegramBotUsername) await audit(ctx, { action: 'storefront.telegram_disconnected', targetType: 'storefront', targetId: own.id, details: { bot: own.telegramBotUsername } }, tx);
    return row!;
  });
  return shownTelegram(saved);
}

/** POST /api/storefront/telegram/test: one message to the reseller's chat, Telegram's refusal told. */
export async function sendTest(ctx: Ctx): Promise<void> {
  const own = await requireOwn(ctx);
  const bot = botOf(ctx, own);
  if (!bot || own.telegramOwnerChatId === null) throw new AppError('TELEGRAM_CHAT_NOT_LINKED');
  const [owner] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, own.userId));
  const ok = await send(ctx, bot, own.telegramOwnerChatId, translate(localeOf(owner?.locale), 'telegram.test', { store: own.title }));
  if (!ok) throw new AppError('TELEGRAM_UNAVAILABLE');
}

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

/** One message through the store's bot: true when Telegram accepted it. Never throws; a refusal is logged without the text. */
export async function send(ctx: Pick<Ctx, 'config' | 'log'>, bot: ConnectedBot, chatId: number, text: string, options: SendOptions = {}): Promise<boolean> {
  try {
    await botApi(ctx.config, bot.token).sendMessage(chatId, text, { link_preview_options: { is_disabled: true }, ...options });
    return true;
  } catch (error) {
    ctx.log.warn({ telegram: telegramFailure(error), storefrontId: bot.store.id }, 'telegram message not sent');
    return false;
  }
}

async function storeById(db: DbOrTx, storefrontId: number): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(storefronts).where(eq(storefronts.id, storefrontId));
  return row;
}

/**
 * A message to a customer's chat with store `storefrontId`'s bot (the reminders of
 * customer-reminders use it): true when Telegram accepted it. Never throws.
 */
export async function sendToCustomerChat(ctx: TelegramCtx, storefrontId: number, chatId: number, text: string): Promise<boolean> {
  try {
    const store = await storeById(ctx.db, storefrontId);
    const bot = store ? botOf(ctx, store) : null;
    return bot ? await send(ctx, bot, chatId, text) : false;
  } catch (error) {
    ctx.log.warn({ err: error, storefrontId }, 'telegram message to a customer not sent');
    return false;
  }
}

/** The store's bot and its owner's chat and language, when both are there. */
async function ownerChatOf(ctx: TelegramCtx, where: { storefrontId: number } | { userId: number }) {
  const [row] = await ctx.db
    .select({ store: storefronts, locale: users.locale })
    .from(storefronts)
    .innerJoin(users, eq(users.id, storefronts.userId))
    .where('storefrontId' in where ? eq(storefronts.id, where.storefrontId) : eq(storefronts.userId, where.userId));
  if (!row || row.store.telegramOwnerChatId === null) return null;
  const bot = botOf(ctx, row.store);
  return bot ? { bot, chatId: row.store.telegramOwnerChatId, locale: localeOf(row.locale) } : null;
}

/** The Approve and Reject buttons of an order awaiting approval: the callback data names the order. */
export const approvalButtons = (locale: Locale, orderId: number) =>
  new InlineKeyboard().text(translate(locale, 'telegram.approve'), `approve:${orderId}`).text(translate(locale, 'telegram.reject'), `reject:${orderId}`);

/** The reseller's words about an order (its status now), in `locale`. */
export function orderText(locale: Locale, order: OrderRow): string {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, key, params);
  const facts = [
    t('telegram.orderProduct', { product: order.productName, price: moneyText(locale, order.price, order.currency) }),
    t('telegram.orderMac', { mac: order.macAddress }),
    t('telegram.orderCustomer', { customer: order.name ? `${order.name} <${order.email}>` : order.email }),
  ];
  if (order.status === 'awaiting_approval') return [t('telegram.orderAwaiting', { id: order.id }), ...facts].join('\n');
  if (order.status === 'waiting_credit') return [t('mail.storeWaitingCreditIntro', { id: order.id, product: order.productName, mac: order.macAddress, count: order.creditCost }), t('mail.storeWaitingCreditNext')].join('\n\n');
  const reason = order.failureReason ? t(order.failureReason) : '';
  return [t('mail.storeFailedIntro', { id: order.id, product: order.productName, mac: order.macAddress, reason }), t('mail.storeFailedNext', { email: order.email })].join('\n\n');
}

/**
 * Tells the reseller's chat about an order it must act on: awaiting approval (with Approve and
 * Reject), waiting for credit, or failed. Called after the order's commit; never throws.
 */
export async function tellOwnerAboutOrder(ctx: TelegramCtx, order: OrderRow): Promise<boolean> {
  if (order.status !== 'awaiting_approval' && order.status !== 'waiting_credit' && order.status !== 'failed') return false;
  try {
    const owner = await ownerChatOf(ctx, { storefrontId: order.storefrontId });
    if (!owner) return false;
    const options = order.status === 'awaiting_approval' ? { reply_markup: approvalButtons(owner.locale, order.id) } : {};
    return await send(ctx, owner.bot, owner.chatId, orderText(owner.locale, order), options);
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'telegram message about an order not sent');
    return false;
  }
}

/** The low-balance line, to the reseller's chat with its store's bot (beside the mail). Never throws. */
export async function tellOwnerLowCredit(ctx: TelegramCtx, low: { userId: number; balance: number; threshold: number }): Promise<boolean> {
  try {
    const owner = await ownerChatOf(ctx, { userId: low.userId });
    if (!owner) return false;
    const text = [translate(owner.locale, 'mail.lowCreditIntro', { balance: low.balance, threshold: low.threshold }), translate(owner.locale, 'mail.lowCreditBuy')].join('\n');
    return await send(ctx, owner.bot, owner.chatId, text);
  } catch (error) {
    ctx.log.warn({ err: error, userId: low.userId }, 'telegram low-balance message not sent');
    return false;
  }
}

/** The receipt's facts (the receipt mail's: product, MAC, apps, new expiry), in the order's language. */
export function receiptText(locale: Locale, store: string, order: OrderRow, apps: string[]): string {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, `mail.${key}`, params);
  return [
    t('storeReceiptIntro', { store }),
    '',
    t('storeReceiptProduct', { product: order.productName }),
    t('storeReceiptMac', { mac: order.macAddress }),
    t('storeReceiptApps', { apps: apps.join(', ') }),
    order.package === 'lifetime' || !order.expiresAt ? t('storeReceiptLifetime') : t('storeReceiptExpires', { date: dayText(locale, order.expiresAt) }),
  ].join('\n');
}

/** An activated order's receipt, to its customer's chat when linked (beside the mail). Never throws. */
export async function sendReceiptToChat(ctx: TelegramCtx, order: OrderRow): Promise<boolean> {
  if (order.status !== 'activated' || order.customerId === null) return false;
  try {
    const [customer] = await ctx.db.select({ chatId: customers.telegramChatId }).from(customers).where(eq(customers.id, order.customerId));
    if (!customer || customer.chatId === null) return false;
    const store = await storeById(ctx.db, order.storefrontId);
    const bot = store ? botOf(ctx, store) : null;
    if (!bot) return false;
    const apps = await ctx.db.select({ name: applications.appName }).from(applications).where(inArray(applications.id, order.appIds));
    return await send(ctx, bot, customer.chatId, receiptText(localeOf(order.language), bot.store.title, order, apps.map((a) => a.name)));
  } catch (error) {
    ctx.log.warn({ err: error, orderId: order.id }, 'telegram receipt not sent');
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// The customer's start link
// ---------------------------------------------------------------------------------------------

/** A customer's start code (customer-filing.ts makes the same for customers an order files). */
const newCustomerCode = () => crypto.randomBytes(16).toString('base64url');

/**
 * `https://t.me/<bot>?start=<customer's code>` for customer `customerId`, when its store has a bot;
 * a customer added by hand gets its code here, on first need.
 */
export async function customerTelegramUrl(ctx: Pick<Ctx, 'db'>, store: StoreRow, customerId: number | null): Promise<string | null> {
  if (customerId === null || !store.telegramBotTokenEncrypted || !store.telegramBotUsername) return null;
  const [row] = await ctx.db.select({ code: customers.telegramCode }).from(customers).where(eq(customers.id, customerId));
  if (!row) return null;
  let code = row.code;
  if (code === null) {
    const [filled] = await ctx.db
      .update(customers)
      .set({ telegramCode: newCustomerCode() })
      .where(and(eq(customers.id, customerId), isNull(customers.telegramCode)))
      .returning({ code: customers.telegramCode });
    code = filled?.code ?? (await ctx.db.select({ code: customers.telegramCode }).from(customers).where(eq(customers.id, customerId)))[0]?.code ?? null;
  }
  return code ? startLinkOf(store.telegramBotUsername, code) : null;
}

/**
 * An order's `telegram_url`: the start link of its customer, when the store has a bot. A manual
 * order not yet filed (it waits for approval) files its customer now, as its approval would: the
 * customer can link its chat while it waits, and gets the receipt there. A card order not yet paid
 * files nobody (it may never be paid): it links the customer already on file with its e-mail, if any.
 */
export async function orderTelegramUrl(ctx: Pick<Ctx, 'db'>, order: OrderRow): Promise<string | null> {
  const store = await storeById(ctx.db, order.storefrontId);
  if (!store || !store.telegramBotTokenEncrypted) return null;
  let customerId = order.customerId;
  if (customerId === null && order.method === 'manual') {
    customerId = await fileCustomer(ctx.db, order.userId, order);
    await ctx.db.update(storeOrders).set({ customerId }).where(and(eq(storeOrders.id, order.id), isNull(storeOrders.customerId)));
  } else if (customerId === null) {
    const [onFile] = await ctx.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.userId, order.userId), eq(customers.email, order.email.toLowerCase())));
    customerId = onFile?.id ?? null;
  }
  return customerTelegramUrl(ctx, store, customerId);
}
