import * as z from 'zod/mini';
import { dateField, dateRangeChecks } from './credit.js';
import { keywordField, optionalField, pageNumberField, pageSizeField } from './fields.js';
import { listMeta, ok } from './common.js';
import { endpoint } from './endpoint.js';
import { CREDIT_TR_TYPES } from './constants.js';
import { CODE_TYPES } from './codes.js';
import { PLAYLIST_TYPES } from './devices.js';
import { TICKET_STATUSES } from './tickets.js';

/**
 * The audit trail as people read it (Security → Activity, issue 24): every audit row, grouped
 * into a fixed list of event kinds that the type filter offers and that words each row.
 */

export const AUDIT_EVENT_KIND_NAMES = ['sign_in', 'two_factor', 'session', 'credentials', 'api_key', 'roles', 'accounts', 'credit', 'other'] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KIND_NAMES)[number];

/**
 * Which `action` values each kind groups: `exact` names and `prefixes` (ending in a dot). The
 * second-factor and session actions are written by their own features; their kinds are here so
 * that their rows are filtered and worded as soon as they exist. `other` is every other action.
 */
export const AUDIT_EVENT_KINDS: Record<AuditEventKind, { exact: readonly string[]; prefixes: readonly string[] }> = {
  sign_in: { exact: ['auth.login', 'auth.login.failed', 'auth.logout'], prefixes: [] },
  // The admin's and a parent's switches that require a second factor are second-factor events too.
  two_factor: { exact: [], prefixes: ['two_factor.'] },
  session: { exact: [], prefixes: ['session.'] },
  credentials: {
    exact: ['auth.password.reset', 'auth.email.update', 'profile.password', 'profile.passcode.set', 'profile.passcode.update', 'reseller.password'],
    prefixes: [],
  },
  api_key: { exact: [], prefixes: ['reseller.api-key.', 'reseller.api-access.', 'api_key.'] },
  roles: { exact: ['reseller.role', 'reseller.promote'], prefixes: ['role.', 'user.'] },
  accounts: {
    exact: ['reseller.create', 'reseller.create-sub', 'reseller.update', 'reseller.remove', 'reseller.reactivate', 'reseller.assign', 'reseller.logo'],
    prefixes: [],
  },
  credit: { exact: [], prefixes: ['credit.'] },
  other: { exact: [], prefixes: [] },
};

export function auditEventKind(action: string): AuditEventKind {
  for (const kind of AUDIT_EVENT_KIND_NAMES) {
    const { exact, prefixes } = AUDIT_EVENT_KINDS[kind];
    if (exact.includes(action) || prefixes.some((p) => action.startsWith(p))) return kind;
  }
  return 'other';
}

/**
 * How the Activity screen shows a detail's value: `hidden` (an internal id, or a value the
 * server leaves out: the CSV export keeps the ids), `text` as written (names, addresses, paths),
 * `number`, `money` (a decimal amount in the plans' currency), `yesNo`, `date` (an ISO time), `seconds` (a duration), `count` (a list shown by its
 * length), `active` (1 active, 0 inactive), or one of the enumerations below.
 */
export const AUDIT_DETAIL_FORMATS = ['hidden', 'text', 'number', 'money', 'yesNo', 'date', 'seconds', 'count', 'active', 'creditKind', 'twoFactorMethod', 'sessionEndReason', 'ticketStatus', 'playlistType', 'codeType'] as const;
export type AuditDetailFormat = (typeof AUDIT_DETAIL_FORMATS)[number];

/** The values of each enumerated format, each worded in every language (checked by the web's tests). */
export const AUDIT_DETAIL_VALUES = {
  creditKind: Object.values(CREDIT_TR_TYPES),
  twoFactorMethod: ['totp', 'recovery', 'passkey'],
  sessionEndReason: ['sign-out-others', 'password', 'two-factor-reset'],
  ticketStatus: TICKET_STATUSES,
  playlistType: PLAYLIST_TYPES,
  codeType: CODE_TYPES,
} as const satisfies Partial<Record<AuditDetailFormat, readonly string[]>>;

const CREDIT_MOVE = { ledgerId: 'hidden', trType: 'creditKind', amount: 'number', debitorId: 'hidden', creditorId: 'hidden', requestId: 'hidden' } as const;
const DEVICE_STATE = { application_id: 'hidden', mac_address: 'text', expire_date: 'date', lifetime: 'yesNo', remaining_seconds: 'seconds', by_box: 'yesNo' } as const;
const TICKET_MOVE = { from: 'ticketStatus', to: 'ticketStatus' } as const;
const PAYMENT_PLAN = { title: 'text', price: 'money', description: 'text', credit_points: 'number' } as const;

/**
 * Every audit action the server writes, with the detail fields it stores and their formats.
 * The server's `audit()` is typed against this table (an unknown action or field does not
 * compile), the Activity screen words each action and labels each field from it, and the web's
 * tests fail when one of them has no text in a language. The credit moves' rows are written by
 * the `credit_move` SQL function (migration 0013) and the device state changes' by
 * `changeDeviceState`, outside `audit()`: their fields are listed here by hand.
 */
export const AUDIT_ACTIONS = {
  'auth.login': { second_factor: 'yesNo' },
  'auth.login.failed': {},
  'auth.logout': {},
  'auth.password.reset': {},
  'auth.email.update': { from: 'text', to: 'text' },
  'profile.password': {},
  'profile.passcode.set': {},
  'profile.passcode.update': {},
  'two_factor.enable': { method: 'twoFactorMethod' },
  'two_factor.disable': {},
  'two_factor.recovery_codes': {},
  'two_factor.step_up': { method: 'twoFactorMethod' },
  'two_factor.passkey_added': { name: 'text' },
  'two_factor.passkey_removed': { name: 'text', last_factor: 'yesNo' },
  'two_factor.reset': {},
  /** The admin's switches (settings) or a parent's switch for its sub-resellers. */
  'two_factor.requirement': { require_two_factor_admins: 'yesNo', require_two_factor_resellers: 'yesNo', require_two_factor_sub_resellers: 'yesNo' },
  'session.end': { ip: 'text', browser: 'text' },
  'session.end-others': { count: 'number', reason: 'sessionEndReason' },
  'reseller.password': { emailVerified: 'yesNo' },
  'reseller.api-key.create': {},
  'reseller.api-key.view': {},
  'reseller.api-access.enable': {},
  'reseller.api-access.disable': {},
  /** Scoped API keys (issue 25): the key's name, scopes and cap, never the key nor its prefix. */
  'api_key.created': { name: 'text', scopes: 'text', daily_spend_cap: 'number' },
  'api_key.updated': { name: 'text', daily_spend_cap: 'number' },
  'api_key.revoked': { name: 'text' },
  /** A spend paid with a scoped key (issue 27): which key paid which ledger row, so that a refund the same day gives the key's daily spend back. */
  'api_key.spent': { name: 'text', amount: 'number', ledgerId: 'hidden', day: 'hidden' },
  'role.create': { name: 'text', permissions: 'count' },
  'role.update': { name: 'text', permissions: 'count' },
  'role.delete': { name: 'text' },
  'user.create': { email: 'text', role: 'hidden' },
  'user.update': { name: 'text', email: 'text', role: 'hidden' },
  'user.delete': {},
  'user.disable': {},
  'user.enable': {},
  /** The panel's owner suspended or reinstated an admin (issue 39). */
  'user.suspend': {},
  'user.reinstate': {},
  'reseller.role': { role: 'hidden' },
  'reseller.promote': { formerParent: 'hidden', role: 'hidden' },
  'reseller.create': { email: 'text', applications: 'count' },
  'reseller.create-sub': { email: 'text', applications: 'count' },
  'reseller.update': { name: 'text', email: 'text', status: 'active', passwordChanged: 'yesNo', emailVerified: 'yesNo', applications: 'count' },
  'reseller.remove': {},
  'reseller.reactivate': { role: 'hidden' },
  'reseller.assign': { from: 'hidden', to: 'hidden' },
  'reseller.logo': { logoPath: 'text' },
  'credit.recharge': CREDIT_MOVE,
  'credit.add': CREDIT_MOVE,
  'credit.deduct': CREDIT_MOVE,
  'credit.activation': CREDIT_MOVE,
  'credit.purchase': CREDIT_MOVE,
  'credit.code-purchase': CREDIT_MOVE,
  'credit.code-renewal': CREDIT_MOVE,
  'credit.code-refund': CREDIT_MOVE,
  'credit.test-credit': CREDIT_MOVE,
  /** An undone activation's refund (issue 27), to the account that paid it. */
  'credit.activation-undo': CREDIT_MOVE,
  'activation.comment': { from: 'text', to: 'text' },
  /** The admin's undo window of activations (issue 27). */
  'activation.undo-window': { undo_window_hours: 'number' },
  'device.disable': DEVICE_STATE,
  'device.enable': DEVICE_STATE,
  'device.box-disable': DEVICE_STATE,
  'device.box-enable': DEVICE_STATE,
  'device.release-claim': { was_claimed: 'yesNo' },
  'playlist.save': { playlist_id: 'hidden', type: 'playlistType', protect: 'yesNo' },
  'playlist.reset': { type: 'playlistType', removed: 'number' },
  'playlist.change-domain': { from: 'text', to: 'text', updated: 'number' },
  'code.status': { status: 'active' },
  'code.reset': { deviceId: 'hidden' },
  'code.delete': { last4: 'text', type: 'codeType', refunded: 'number' },
  'code.playlists': { count: 'number' },
  'code.redeem': { deviceId: 'hidden' },
  'application.create': { app_name: 'text' },
  'application.update': { appName: 'text', appPlaceLocation: 'text', appPhone: 'text', appEmail: 'text', appTagline: 'text', appDescription: 'text' },
  'application.logo': { app_logo: 'text' },
  'application.delete': { app_name: 'text' },
  'application.hide': {},
  'application.show': {},
  'apk-plan.create': { name: 'text' },
  'apk-plan.update': { name: 'text', image: 'text' },
  'apk-plan.delete': { name: 'text' },
  'notification.create': {},
  'notification.status': { status: 'active' },
  'notification.delete': {},
  'payment-plan.create': PAYMENT_PLAN,
  'payment-plan.update': PAYMENT_PLAN,
  'payment-plan.delete': {},
  'payment.order': { planId: 'hidden', amount: 'money', creditPoint: 'number', provider: 'text' },
  'payment.sandbox-paid': {},
  'payment.sandbox-failed': {},
  'payment.sandbox-cancelled': {},
  'ticket.create': {},
  'ticket.withdraw': TICKET_MOVE,
  'ticket.close': TICKET_MOVE,
  'ticket.reopen': TICKET_MOVE,
  'ticket.resolve': TICKET_MOVE,
  'ticket.delete': {},
  'ticket.deleteAll': { count: 'number' },
  'socialWidget.save': { whatsappNumber: 'text', telegramNumber: 'text' },
  /** Webhook endpoints (issue 25): the host only, as a URL's path or query may hold the receiver's own token; never the secret. */
  'webhook.created': { host: 'text', events: 'count', include_sub_resellers: 'yesNo' },
  'webhook.updated': { host: 'text', events: 'count', include_sub_resellers: 'yesNo', enabled: 'yesNo' },
  'webhook.deleted': { host: 'text' },
  'webhook.secret_rolled': { host: 'text', expire_now: 'yesNo' },
  'webhook.secret_viewed': { host: 'text' },
  /** A backup asked for from System → Backups (issue 26); the scheduled ones and `npm run backup` have no actor. */
  'backup.requested': {},
  /** The storefront (issue 43): its settings and products; never a payment key. */
  'storefront.saved': { slug: 'text', enabled: 'yesNo' },
  'storefront.manual': { enabled: 'yesNo' },
  'storefront.stripe_saved': {},
  'storefront.stripe_removed': {},
  'storefront.logo_uploaded': {},
  'storefront.logo_removed': {},
  /** Customer reminders (issue 44): on or off; the milestones are in the settings. */
  'storefront.reminders_saved': { enabled: 'yesNo' },
  /** The store's Telegram bot (issue 44): its @username only, never its token or secret. */
  'storefront.telegram_connected': { bot: 'text' },
  'storefront.telegram_disconnected': { bot: 'text' },
  /** The reseller linked (or unlinked) its own chat from Telegram: that chat can approve orders. */
  'storefront.telegram_chat_linked': { bot: 'text' },
  'storefront.telegram_chat_unlinked': { bot: 'text' },
  'storefront.product_created': { name: 'text' },
  'storefront.product_updated': { name: 'text' },
  'storefront.product_deleted': { name: 'text' },
  'store_order.approved': { status: 'text' },
  'store_order.rejected': { status: 'text' },
  'store_order.retried': { status: 'text' },
  /** A reseller's customers (issue 43): the name alone, never its e-mail or phone. */
  'customer.created': { name: 'text' },
  'customer.updated': { name: 'text' },
  'customer.deleted': { name: 'text' },
  'customer.device_linked': { name: 'text', device_id: 'hidden' },
  'customer.device_unlinked': { name: 'text', device_id: 'hidden' },
  /** The reseller turned a customer's reminders on again (after it unsubscribed) or off (issue 44). */
  'customer.reminders': { name: 'text', enabled: 'yesNo' },
} as const satisfies Record<string, Record<string, AuditDetailFormat>>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
/** The details an action may store: only its own fields (an object literal with another one does not compile). */
export type AuditDetails<A extends AuditAction> = { -readonly [F in keyof (typeof AUDIT_ACTIONS)[A]]?: unknown };

export const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTIONS, action);

/** The format of an action's detail field; for a field the table does not know (a row written before a change), null. */
export function auditDetailFormat(action: string, field: string): AuditDetailFormat | null {
  const fields: Record<string, AuditDetailFormat> | undefined = isAuditAction(action) ? AUDIT_ACTIONS[action] : undefined;
  return fields && Object.hasOwn(fields, field) ? fields[field]! : null;
}

/** The key (under `activity.sentences.`) of the sentence that words `action`: never the raw action name; an unknown one is worded by its kind. */
export function auditSentenceKey(action: string): string {
  return isAuditAction(action) ? action.replace(/[.-]/g, '_') : auditEventKind(action);
}

/**
 * GET /api/audit-log and /api/audit-log/export: newest first, in a date range of at most 3
 * months (default: the last 3 months through today). `account` matches the actor's or the target
 * account's e-mail (contains, 3+ characters; an exact address matches itself).
 */
export const auditLogQuery = z
  .object({
    page: pageNumberField,
    per_page: pageSizeField,
    type: optionalField(z.enum(AUDIT_EVENT_KIND_NAMES, 'validation.invalid')),
    account: keywordField,
    date_from: optionalField(dateField),
    date_to: optionalField(dateField),
  })
  .check(...dateRangeChecks('date_from', 'date_to'));
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number(),
  action: z.string(),
  kind: z.enum(AUDIT_EVENT_KIND_NAMES),
  /** The signed-in account that acted; null for a sign-in failure or a payment provider's confirmation. */
  actor: z.nullable(z.object({ id: z.number(), email: z.string() })),
  /** The account acted upon, when the target is an account. */
  target: z.nullable(z.object({ id: z.number(), email: z.string() })),
  target_type: z.string(),
  target_id: z.nullable(z.string()),
  /** What changed, without any secret (see the server's `publicDetails`). */
  details: z.nullable(z.record(z.string(), z.unknown())),
  ip: z.nullable(z.string()),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogAnswer = ok({
  data: z.array(auditLogEntry),
  meta: listMeta,
});
export type AuditLogAnswer = z.infer<typeof auditLogAnswer>;

export const AUDIT_LOG_CSV_COLUMNS = ['id', 'date', 'event', 'action', 'actor', 'target', 'ip', 'details'] as const;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['audit-log'];

const FILTERS =
  '`type` is one event kind (sign_in, two_factor, session, credentials, api_key, roles, accounts, credit, other); `account` (3+ characters) matches the name or e-mail of the account that acted or was acted upon; `date_from`/`date_to` (yyyy-mm-dd, both included) default to the last 3 months through today, and a longer range is a 422. A reseller reads its own account\'s rows and its sub-resellers\'; an admin every row.';

export const auditLogEndpoint = endpoint({
  method: 'GET',
  path: '/audit-log',
  tags,
  permission: 'audit-log',
  description: `The audit trail, newest first: who (actor), to whom (target), what (action and its kind), from which address and when; \`details\` never holds a secret. ${FILTERS} \`total_capped\` says \`total\` is a lower bound.`,
  query: auditLogQuery,
  answer: auditLogAnswer,
});

/** A CSV download: the answer is the file. */
export const auditLogExportEndpoint = endpoint({
  method: 'GET',
  path: '/audit-log/export',
  tags,
  permission: 'audit-log',
  description: `The rows of GET /api/audit-log's filters as CSV, oldest first, streamed: id, date (ISO 8601 UTC), event kind, action, actor, target, ip, details (JSON). Cells starting with = + - @ are prefixed with a quote. ${FILTERS}`,
  query: auditLogQuery,
});
