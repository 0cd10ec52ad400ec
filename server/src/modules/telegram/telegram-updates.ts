import crypto from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { translate, TELEGRAM_START_CODE_PATTERN, type Locale, type StoreOrder } from '@panel/contract';
import { applications, customerDevices, customers, devices, storefronts, telegramUpdates, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { accountAuth } from '../../http/auth.js';
import type { Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { botApi, telegramFailure } from './telegram-api.js';
import { botOf, dayText, localeOf, send, sha256, type ConnectedBot } from './telegram.service.js';

/**
 * What a store's bot does with the updates Telegram delivers (issue 44). The webhook proves each
 * update by the store's secret, records its `update_id` (a redelivery is answered and ignored),
 * answers Telegram at once, and then acts: Telegram waits for no work, and retries nothing that
 * was acknowledged.
 */

type StoreRow = typeof storefronts.$inferSelect;

/** The few fields of Telegram's Update this bot reads; everything else is ignored. */
type Chat = { id: number; type?: string };
type Update = {
  update_id?: unknown;
  message?: { message_id: number; chat: Chat; text?: string };
  callback_query?: { id: string; from: { id: number }; data?: string; message?: { message_id: number; chat: Chat; text?: string } };
};

/** The work still running after its acknowledgement: tests (and a closing node) wait for it. */
const inFlight = new Set<Promise<void>>();
export async function updatesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

const REFUSED = () => new AppError('C10002');

/**
 * What the Approve and Reject buttons do: the web's own exactly-once paths (the order locked, one
 * activation, one charge), handed in by app.ts so that the bot, which the store's orders call,
 * does not call the store's module back.
 */
export type OrderActions = {
  approve: (ctx: Ctx, id: number) => Promise<StoreOrder>;
  reject: (ctx: Ctx, id: number, input: { reason: string }) => Promise<StoreOrder>;
};

/** Constant-time: the secret Telegram sent, hashed, against the store's hash. */
function secretMatches(store: StoreRow, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 256 || !store.telegramSecretHash) return false;
  const sent = Buffer.from(sha256(header), 'hex');
  const kept = Buffer.from(store.telegramSecretHash, 'hex');
  return sent.length === kept.length && crypto.timingSafeEqual(sent, kept);
}

/**
 * POST /api/public/telegram/:storefrontId/webhook. An unknown store, a store without a bot, and a
 * missing or wrong secret all answer 401 and do nothing. A known `update_id` is acknowledged again
 * without acting.
 */
export async function receiveUpdate(
  ctx: Ctx,
  orders: OrderActions,
  storefrontIdParam: string,
  secretHeader: string | string[] | undefined,
  body: unknown,
): Promise<void> {
  const storefrontId = /^\d{1,9}$/.test(storefrontIdParam) ? Number(storefrontIdParam) : null;
  if (storefrontId === null) throw REFUSED();
  const [store] = await ctx.db.select().from(storefronts).where(eq(storefronts.id, storefrontId));
  if (!store || !secretMatches(store, secretHeader)) throw REFUSED();
  const update = (typeof body === 'object' && body !== null ? body : {}) as Update;
  const updateId = update.update_id;
  if (typeof updateId !== 'number' || !Number.isSafeInteger(updateId) || updateId < 0) return;
  const [fresh] = await ctx.db.insert(telegramUpdates).values({ storefrontId, updateId }).onConflictDoNothing().returning({ updateId: telegramUpdates.updateId });
  if (!fresh) return;
  const work: Promise<void> = act(ctx, orders, store, update)
    .catch((error: unknown) => ctx.log.warn({ err: error, storefrontId, updateId }, 'telegram update not handled'))
    .finally(() => inFlight.delete(work));
  inFlight.add(work);
}

async function act(ctx: Ctx, orders: OrderActions, store: StoreRow, update: Update): Promise<void> {
  const bot = botOf(ctx, store);
  if (!bot) return;
  if (update.callback_query) return onButton(ctx, orders, bot, update.callback_query);
  const message = update.message;
  if (!message?.text || typeof message.chat?.id !== 'number') return;
  const [command = '', argument = ''] = message.text.trim().split(/\s+/, 2);
  const name = command.split('@')[0]!.toLowerCase();
  if (name === '/start') return onStart(ctx, bot, message.chat, argument);
  if (name === '/stop') return onStop(ctx, bot, message.chat.id);
  if (name === '/status') return onStatus(ctx, bot, message.chat.id);
  await send(ctx, bot, message.chat.id, translate(await chatLocale(ctx, bot, message.chat.id), 'telegram.help', { store: store.title }));
}

/** The language to answer a chat in: its owner's account, or its customer's, else the store's. */
async function chatLocale(ctx: Ctx, bot: ConnectedBot, chatId: number): Promise<Locale> {
  if (bot.store.telegramOwnerChatId === chatId) return ownerLocale(ctx, bot.store);
  const [customer] = await ctx.db
    .select({ language: customers.language })
    .from(customers)
    .where(and(eq(customers.userId, bot.store.userId), eq(customers.telegramChatId, chatId)))
    .limit(1);
  return localeOf(customer?.language ?? bot.store.defaultLanguage);
}

async function ownerLocale(ctx: Ctx, store: StoreRow): Promise<Locale> {
  const [owner] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, store.userId));
  return localeOf(owner?.locale);
}

/**
 * `/start <code>`: the reseller's one-time code (spent here, unexpired) links the chat as the
 * owner's; a customer's code of this store's account links it as that customer's. Only a private
 * chat is linked: in a group, anyone in it could press Approve or read another's devices.
 */
async function onStart(ctx: Ctx, bot: ConnectedBot, chat: Chat, code: string): Promise<void> {
  const store = bot.store;
  if (!TELEGRAM_START_CODE_PATTERN.test(code) || (chat.type !== undefined && chat.type !== 'private')) {
    await send(ctx, bot, chat.id, translate(await chatLocale(ctx, bot, chat.id), code ? 'telegram.codeInvalid' : 'telegram.help', { store: store.title }));
    return;
  }
  // Spent and checked in one statement: of two chats racing with the same code, one links.
  const [owned] = await ctx.db
    .update(storefronts)
    .set({ telegramOwnerChatId: chat.id, telegramOwnerCodeHash: null, telegramOwnerCodeExpiresAt: null, updatedAt: new Date() })
    .where(and(eq(storefronts.id, store.id), eq(storefronts.telegramOwnerCodeHash, sha256(code)), gt(storefronts.telegramOwnerCodeExpiresAt, new Date())))
    .returning({ id: storefronts.id });
  if (owned) {
    await audit(ctx, { action: 'storefront.telegram_chat_linked', targetType: 'storefront', targetId: store.id, details: { bot: bot.username }, actorId: store.userId });
    await send(ctx, bot, chat.id, translate(await ownerLocale(ctx, store), 'telegram.ownerLinked', { store: store.title }));
    return;
  }
  const [customer] = await ctx.db
    .update(customers)
    .set({ telegramChatId: chat.id, updatedAt: new Date() })
    .where(and(eq(customers.userId, store.userId), eq(customers.telegramCode, code)))
    .returning({ language: customers.language });
  if (customer) {
    await send(ctx, bot, chat.id, translate(localeOf(customer.language), 'telegram.customerLinked', { store: store.title }));
    return;
  }
  await send(ctx, bot, chat.id, translate(await chatLocale(ctx, bot, chat.id), 'telegram.codeInvalid', { store: store.title }));
}

/** `/stop`: the chat is unlinked from whatever it was linked to in this store (owner, customers). */
async function onStop(ctx: Ctx, bot: ConnectedBot, chatId: number): Promise<void> {
  const store = bot.store;
  const locale = await chatLocale(ctx, bot, chatId);
  const [unowned] = await ctx.db
    .update(storefronts)
    .set({ telegramOwnerChatId: null, updatedAt: new Date() })
    .where(and(eq(storefronts.id, store.id), eq(storefronts.telegramOwnerChatId, chatId)))
    .returning({ id: storefronts.id });
  if (unowned) {
    await audit(ctx, { action: 'storefront.telegram_chat_unlinked', targetType: 'storefront', targetId: store.id, details: { bot: bot.username }, actorId: store.userId });
  }
  const unlinked = await ctx.db
    .update(customers)
    .set({ telegramChatId: null, updatedAt: new Date() })
    .where(and(eq(customers.userId, store.userId), eq(customers.telegramChatId, chatId)))
    .returning({ id: customers.id });
  const key = unowned ? 'telegram.ownerUnlinked' : unlinked.length > 0 ? 'telegram.customerUnlinked' : 'telegram.notLinked';
  await send(ctx, bot, chatId, translate(locale, key, { store: store.title }));
}

/** How many devices `/status` lists at most (a Telegram message holds 4,096 characters). */
const STATUS_MAX_DEVICES = 50;

/** `/status`: the devices of the customers this chat is linked to, in this store's account; nothing of anyone else. */
async function onStatus(ctx: Ctx, bot: ConnectedBot, chatId: number): Promise<void> {
  const store = bot.store;
  const locale = await chatLocale(ctx, bot, chatId);
  const [linked] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.userId, store.userId), eq(customers.telegramChatId, chatId)))
    .limit(1);
  if (!linked) {
    await send(ctx, bot, chatId, translate(locale, 'telegram.notLinked', { store: store.title }));
    return;
  }
  const rows = await ctx.db
    .selectDistinct({ id: devices.id, mac: devices.macAddress, app: applications.appName, expireDate: devices.expireDate, lifetime: devices.lifetime, disabledAt: devices.disabledAt })
    .from(customerDevices)
    .innerJoin(customers, eq(customers.id, customerDevices.customerId))
    .innerJoin(devices, eq(devices.id, customerDevices.deviceId))
    .innerJoin(applications, eq(applications.id, devices.applicationId))
    .where(and(eq(customers.userId, store.userId), eq(customers.telegramChatId, chatId)))
    .orderBy(asc(devices.expireDate), asc(devices.id))
    .limit(STATUS_MAX_DEVICES);
  const t = (key: string, params: Record<string, string | number> = {}) => translate(locale, key, params);
  const now = Date.now();
  const lines = rows.map((d) => {
    const state = d.disabledAt
      ? t('telegram.statusDisabled')
      : d.lifetime
        ? t('telegram.statusLifetime')
        : d.expireDate.getTime() < now
          ? t('telegram.statusExpired', { date: dayText(locale, d.expireDate) })
          : t('telegram.statusUntil', { date: dayText(locale, d.expireDate) });
    return `• ${d.mac} · ${d.app} · ${state}`;
  });
  const text = lines.length === 0 ? t('telegram.statusNone', { store: store.title }) : [t('telegram.statusTitle', { store: store.title }), ...lines].join('\n');
  await send(ctx, bot, chatId, text);
}

/**
 * An Approve or Reject button. Only the reseller's linked chat may press it: from any other the
 * callback is answered with a refusal and nothing changes. Both act as the store's account, on the
 * web's paths (approve: `fulfilOrder`, exactly once; reject: the same rule and audit row). The
 * message then shows the outcome, without its buttons.
 */
async function onButton(ctx: Ctx, orders: OrderActions, bot: ConnectedBot, query: NonNullable<Update['callback_query']>): Promise<void> {
  const api = botApi(ctx.config, bot.token);
  const store = bot.store;
  const locale = await ownerLocale(ctx, store);
  const answer = async (key: string, params: Record<string, string | number> = {}) => {
    try {
      await api.answerCallbackQuery(query.id, { text: translate(locale, key, params) });
    } catch (error) {
      ctx.log.warn({ telegram: telegramFailure(error), storefrontId: store.id }, 'telegram callback not answered');
    }
  };
  const chatId = query.message?.chat.id;
  if (store.telegramOwnerChatId === null || chatId !== store.telegramOwnerChatId || query.from.id !== chatId) return answer('telegram.notYours');
  const match = /^(approve|reject):(\d{1,9})$/.exec(query.data ?? '');
  if (!match) return answer('telegram.unknownButton');
  const orderId = Number(match[2]);
  // The account as the web would see it: disabled, or without the Sales permission any more, it may not act.
  const owner = await accountAuth(ctx.db, store.userId);
  if (!owner || !owner.permissions.has('storefront')) return answer('telegram.notYours');
  const asOwner: Ctx = { ...ctx, auth: owner, locale };
  let outcome: string;
  try {
    const order =
      match[1] === 'approve'
        ? await orders.approve(asOwner, orderId)
        : await orders.reject(asOwner, orderId, { reason: translate(locale, 'telegram.rejectReason') });
    outcome =
      order.status === 'activated'
        ? translate(locale, 'telegram.outcomeActivated')
        : order.status === 'waiting_credit'
          ? translate(locale, 'telegram.outcomeWaitingCredit')
          : order.status === 'rejected'
            ? translate(locale, 'telegram.outcomeRejected')
            : translate(locale, 'telegram.outcomeFailed', { reason: order.failure?.message ?? '' });
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== 'ORDER_STATE' && error.code !== 'ORDER_NOT_FOUND')) throw error;
    // Another press (or the web) moved it first: that one edits the message; this one only says why nothing happened.
    return answer('telegram.done', { outcome: translate(locale, error.key, error.options.params ?? {}) });
  }
  await answer('telegram.done', { outcome });
  if (!query.message) return;
  try {
    await api.editMessageText(chatId, query.message.message_id, `${query.message.text ?? ''}\n\n${outcome}`.trim());
  } catch (error) {
    ctx.log.warn({ telegram: telegramFailure(error), storefrontId: store.id }, 'telegram order message not edited');
  }
}
