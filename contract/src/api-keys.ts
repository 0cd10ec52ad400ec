import * as z from 'zod/mini';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { idParam, noNul } from './fields.js';

/**
 * Scoped API keys (issue 25): several keys per account, each a bearer token a reseller can hand
 * to a bot without handing over the account. A key's scopes narrow what it may call; they never
 * widen the account's own permissions.
 *
 * - `read`: lists, profile, balance, device checks (every GET, and the searches sent as POST);
 * - `activate`: activations (single, bulk file, renewals), codes (purchase, renewal, status,
 *   reset, delete, playlists), device and playlist changes;
 * - `credit`: credit moves (recharge, add and deduct credit);
 * - `webhooks`: the account's webhook endpoints and deliveries.
 *
 * Which call needs which scope is the server's table (server/src/http/api-key-scopes.ts).
 */
export const API_KEY_SCOPES = ['read', 'activate', 'credit', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a new key starts with: the characters that tell a scoped key from any other token. */
export const API_KEY_PREFIX = 'rsk_';
/** How much of a key its list shows (the prefix and the first random characters). */
export const API_KEY_DISPLAY_LENGTH = 12;
export const API_KEY_NAME_MAX = 64;
/** An account's live keys, at most. */
export const API_KEYS_MAX = 20;
/** The largest daily cap, in credits (a PostgreSQL integer). */
export const API_KEY_CAP_MAX = 2_147_483_647;

export const apiKeyScope = z.enum(API_KEY_SCOPES, 'validation.apiKeyScope');

const apiKeyName = z
  .string('validation.required')
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(API_KEY_NAME_MAX, 'validation.tooLong'), noNul);

/** Whole credits, at least 1; null: no cap. */
const dailySpendCap = z.nullable(
  z.int('validation.apiKeyCap').check(z.minimum(1, 'validation.apiKeyCap'), z.maximum(API_KEY_CAP_MAX, 'validation.apiKeyCap')),
);

export const apiKeyCreateBody = z.object({
  name: apiKeyName,
  scopes: z
    .array(apiKeyScope, 'validation.apiKeyScopesRequired')
    .check(
      z.minLength(1, 'validation.apiKeyScopesRequired'),
      z.maxLength(API_KEY_SCOPES.length, 'validation.apiKeyScopesRequired'),
      z.refine((scopes) => new Set(scopes).size === scopes.length, 'validation.apiKeyScopesRequired'),
    ),
  daily_spend_cap: z.optional(dailySpendCap),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

/** A name, a cap, or both; `daily_spend_cap: null` removes the cap. The scopes of a key never change: make a new key. */
export const apiKeyUpdateBody = z.object({
  name: z.optional(apiKeyName),
  daily_spend_cap: z.optional(dailySpendCap),
});
export type ApiKeyUpdateBody = z.infer<typeof apiKeyUpdateBody>;

/** A scoped key (not the legacy single key of `GET /api/resellers/:id/get-api-key`) as its owner's list shows it: never the key itself, only its first characters. */
export const scopedApiKey = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (`rsk_AbCdEfGh`). */
  prefix: z.string(),
  scopes: z.array(apiKeyScope),
  daily_spend_cap: z.nullable(z.number()),
  /** Credits spent with this key today (the server's day), activations and codes. */
  spent_today: z.number(),
  last_used_at: z.nullable(z.string()),
  last_used_ip: z.nullable(z.string()),
  created_at: z.string(),
  /** Set once revoked: the key authenticates nothing from then on. */
  revoked_at: z.nullable(z.string()),
});
export type ScopedApiKey = z.infer<typeof scopedApiKey>;

export const scopedApiKeysAnswer = ok({
  data: z.array(scopedApiKey),
  /** Whether the account has API access (an admin's switch): while it has not, its keys answer 403 API_ACCESS_DISABLED. */
  api_access: z.boolean(),
});
export type ScopedApiKeysAnswer = z.infer<typeof scopedApiKeysAnswer>;
export const scopedApiKeyAnswer = ok({ data: scopedApiKey });
export type ScopedApiKeyAnswer = z.infer<typeof scopedApiKeyAnswer>;
/** Creation: the key itself, in this one answer only (it is stored as a hash). */
export const scopedApiKeyCreatedAnswer = ok({ data: z.extend(scopedApiKey, { key: z.string() }) });
export type ScopedApiKeyCreatedAnswer = z.infer<typeof scopedApiKeyCreatedAnswer>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────
// Profile → Integrations: the account's scoped keys, managed from a session only (a key, the
// legacy one included, gets 403 SESSION_REQUIRED; a scoped key is refused by its scopes first).

const tags = ['api-keys'];
const permission = 'api-keys';

const SCOPES_TEXT =
  '`read`: lists, profile, balance and device checks (every GET, and the searches sent as POST); `activate`: activations (single, bulk file, renewals), codes, device and playlist changes; `credit`: credit moves; `webhooks`: the webhook endpoints and deliveries. A scope never gives more than the account\'s own permissions, and a call no scope covers (resellers, roles, tickets, profile changes, security, keys) is refused to a scoped key with 403 `API_KEY_SCOPE`.';

export const apiKeysEndpoint = endpoint({
  method: 'GET',
  path: '/api-keys',
  tags,
  permission,
  description: `The caller's API keys (and \`api_access\`: whether they work now), live ones first, newest first, revoked ones with \`revoked_at\`: name, first characters (\`prefix\`), scopes, daily cap and today's spend, last use (time and address, in steps of a minute). Never the key. Scopes: ${SCOPES_TEXT}`,
  answer: scopedApiKeysAnswer,
});

export const createApiKeyEndpoint = endpoint({
  method: 'POST',
  path: '/api-keys',
  tags,
  permission,
  description:
    'A new key (`rsk_` and 43 characters) with a name, scopes and an optional daily spend cap in credits: an activation (each bulk row too) or a code purchase or renewal made with the key that would take its spend of the day (the server\'s day) past the cap answers 403 `API_KEY_SPEND_CAP` and charges nothing. The key is in `data.key` of this answer only: it is stored as a hash. Needs a recent step-up when the account has a second factor (403 `STEP_UP_REQUIRED`). Admin accounts have no API key (403 C10014). A key works while the account has API access. At most 20 live keys per account.',
  body: apiKeyCreateBody,
  answer: scopedApiKeyCreatedAnswer,
  status: 201,
});

export const updateApiKeyEndpoint = endpoint({
  method: 'PATCH',
  path: '/api-keys/:id',
  tags,
  permission,
  description:
    "Renames a live key and/or changes its daily spend cap (`daily_spend_cap: null` removes it; a new cap needs a recent step-up when the account has a second factor). Scopes never change: make a new key. Another account's key, or a revoked one: 404.",
  params: idParam,
  body: apiKeyUpdateBody,
  answer: scopedApiKeyAnswer,
});

export const revokeApiKeyEndpoint = endpoint({
  method: 'DELETE',
  path: '/api-keys/:id',
  tags,
  permission,
  description: "Revokes a key: its next call is refused (401). Revoking a revoked key changes nothing; another account's key: 404.",
  params: idParam,
  answer: okEnvelope,
});
