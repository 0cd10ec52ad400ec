import * as z from 'zod/mini';
import { dateField, dateRangeChecks } from './credit.js';
import { keywordField, optionalField, pageNumberField, pageSizeField } from './fields.js';
import { listMeta, ok } from './common.js';

/**
 * The audit trail as people read it (Security → Activity, issue 24): every audit row, grouped
 * into a fixed list of event kinds that the type filter offers and that words each row.
 */

export const AUDIT_LOG_PATH = '/audit-log';
export const AUDIT_LOG_EXPORT_PATH = '/audit-log/export';

export const AUDIT_EVENT_KIND_NAMES = ['sign_in', 'two_factor', 'session', 'credentials', 'api_key', 'roles', 'accounts', 'credit', 'other'] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KIND_NAMES)[number];

/**
 * Which `action` values each kind groups: `exact` names and `prefixes` (ending in a dot). The
 * second-factor and session actions are written by their own features; their kinds are here so
 * that their rows are filtered and worded as soon as they exist. `other` is every other action.
 */
export const AUDIT_EVENT_KINDS: Record<AuditEventKind, { exact: readonly string[]; prefixes: readonly string[] }> = {
  sign_in: { exact: ['auth.login', 'auth.login.failed', 'auth.logout'], prefixes: [] },
  two_factor: { exact: [], prefixes: ['two_factor.'] },
  session: { exact: [], prefixes: ['session.'] },
  credentials: {
    exact: ['auth.password.reset', 'auth.email.update', 'profile.password', 'profile.passcode.set', 'profile.passcode.update', 'reseller.password'],
    prefixes: [],
  },
  api_key: { exact: [], prefixes: ['reseller.api-key.', 'reseller.api-access.'] },
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

/** The actions worded by a sentence of their own; any other is worded by its kind's sentence. */
const WORDED_ACTIONS = [
  'auth.login',
  'auth.login.failed',
  'auth.logout',
  'auth.password.reset',
  'auth.email.update',
  'profile.password',
  'profile.passcode.set',
  'profile.passcode.update',
  'two_factor.step_up',
  'reseller.password',
  'reseller.api-key.create',
  'reseller.api-key.view',
  'reseller.api-access.enable',
  'reseller.api-access.disable',
  'role.create',
  'role.update',
  'role.delete',
  'user.create',
  'user.update',
  'user.delete',
  'user.disable',
  'user.enable',
  'reseller.role',
  'reseller.promote',
  'reseller.create',
  'reseller.create-sub',
  'reseller.update',
  'reseller.remove',
  'reseller.reactivate',
  'reseller.assign',
  'credit.recharge',
  'credit.add',
  'credit.deduct',
  'credit.activation',
  'credit.purchase',
  'credit.code-purchase',
  'credit.code-renewal',
  'credit.test-credit',
];

/** The key (under `activity.sentences.`) of the sentence that words `action`: never the raw action name. */
export function auditSentenceKey(action: string): string {
  return WORDED_ACTIONS.includes(action) ? action.replace(/[.-]/g, '_') : auditEventKind(action);
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
