import * as z from 'zod/mini';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * The store's own Telegram bot (issue 44): the reseller creates it with BotFather and gives the
 * panel its token. The reseller's chat then receives the store's orders (with Approve and Reject
 * buttons), its low balance and a daily digest; each customer's chat its receipts, reminders and
 * `/status`. The token is kept encrypted with the server key and never answered again.
 */

/** Telegram's start parameter alphabet and length (deep links `?start=`): what every start code is made of. */
export const TELEGRAM_START_CODE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** How long the reseller's one-time link to its own chat works. */
export const TELEGRAM_OWNER_CODE_TTL_MINUTES = 60;

/** PUT /api/storefront/telegram: BotFather's token, `<bot id>:<secret>`. */
export const storefrontTelegramInput = z.object({
  bot_token: z.string().check(z.trim(), z.regex(/^\d{3,20}:[A-Za-z0-9_-]{20,100}$/, 'validation.telegramBotToken')),
});
export type StorefrontTelegramInput = z.input<typeof storefrontTelegramInput>;

/** The store's bot as GET /api/storefront shows it: never its token. */
export const storefrontTelegram = z.object({
  connected: z.boolean(),
  /** The bot's @username (without the @), null while no bot is connected. */
  bot_username: z.nullable(z.string()),
  /**
   * `https://t.me/<bot>?start=<one-time code>`: opened on the reseller's phone, it links that chat
   * to the account. A new code each time GET /api/storefront is asked, valid an hour, good once;
   * null in other answers and while no bot is connected.
   */
  owner_link_url: z.nullable(z.string()),
  /** Whether a chat of the reseller's is linked (the orders, low balance and digest go there). */
  owner_linked: z.boolean(),
});
export type StorefrontTelegram = z.infer<typeof storefrontTelegram>;
export const storefrontTelegramAnswer = ok({ data: storefrontTelegram });

/** The webhook's path parameter: any short text (an unknown store answers 401 like a wrong secret). */
export const storeTelegramWebhookParams = z.object({ storefrontId: z.string().check(z.maxLength(12, 'validation.invalid')) });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['storefront'];
const permission = 'storefront';

export const saveStorefrontTelegramEndpoint = endpoint({
  method: 'PUT',
  path: '/storefront/telegram',
  tags,
  permission,
  description:
    "Connects the store's own Telegram bot, made with @BotFather: the panel checks `bot_token` with `getMe` (a token Telegram refuses: 422 on `bot_token`), then points the bot's webhook at `{PUBLIC_URL}/api/public/telegram/:storefrontId/webhook` with a fresh secret. The token is stored encrypted with the server key and never answered, logged or audited. A new bot replaces the old one and unlinks the reseller's chat. Needs a recent second factor when the account has one (403 STEP_UP_REQUIRED). 404 before the store is set up; 502 TELEGRAM_UNAVAILABLE when Telegram cannot be reached.",
  body: storefrontTelegramInput,
  answer: storefrontTelegramAnswer,
});

export const deleteStorefrontTelegramEndpoint = endpoint({
  method: 'DELETE',
  path: '/storefront/telegram',
  tags,
  permission,
  description:
    "Disconnects the bot: its webhook is deleted at Telegram (when Telegram still knows the token) and the panel forgets the token, the secret and the reseller's chat. Customers' chats stay on file for a bot connected later. Needs a recent second factor when the account has one.",
  answer: storefrontTelegramAnswer,
});

export const testStorefrontTelegramEndpoint = endpoint({
  method: 'POST',
  path: '/storefront/telegram/test',
  tags,
  permission,
  description:
    "Sends a test message to the reseller's linked chat. 409 TELEGRAM_CHAT_NOT_LINKED when no bot is connected or no chat is linked yet (open `owner_link_url` first); 502 TELEGRAM_UNAVAILABLE when Telegram refuses it.",
  answer: okEnvelope,
});

export const storeTelegramWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/public/telegram/:storefrontId/webhook',
  tags,
  public: true,
  security: [],
  description:
    "Where Telegram delivers the updates of a store's bot (set by PUT /api/storefront/telegram). Each must carry the store's secret in `X-Telegram-Bot-Api-Secret-Token`: without it, or with another, 401 and nothing done. Answered at once; each `update_id` is acted on once however often Telegram redelivers it. Understood: `/start <code>` (links the chat: the reseller's one-time code, or a customer's code from its order page or receipt), `/stop` (unlinks), `/status` (the customer's devices and expiries), and the Approve and Reject buttons of an order awaiting approval, from the reseller's chat only.",
  params: storeTelegramWebhookParams,
  answer: okEnvelope,
});
