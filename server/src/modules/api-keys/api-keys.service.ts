import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  API_KEYS_MAX,
  type ApiKeyCreateBody,
  type ApiKeyUpdateBody,
  type ScopedApiKey,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Auth, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { sha256 } from '../../lib/secrets.js';
import * as repo from './api-keys.repository.js';

/**
 * Keys are managed from a signed-in session only, never with a key (the legacy one included): a
 * key that could make keys would outlive its own revocation, and a key passes the step-up that
 * creating one asks of a session.
 */
function sessionCaller(ctx: Ctx): Auth {
  const me = callerOf(ctx);
  if (me.viaApiKey) throw new AppError('SESSION_REQUIRED', { key: 'errors.apiKeySessionRequired' });
  return me;
}

/** The scopes in the contract's order, whatever order they were asked in. */
const ordered = (scopes: readonly string[]) => API_KEY_SCOPES.filter((s) => scopes.includes(s));

const shown = (row: repo.KeyRow): ScopedApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: ordered(row.scopes),
  daily_spend_cap: row.dailySpendCap,
  spent_today: Number(row.spentToday),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  last_used_ip: row.lastUsedIp,
  created_at: row.createdAt.toISOString(),
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/** The account's keys, and whether they work now (API access on), so Integrations can say when they do not. */
export async function list(ctx: Ctx): Promise<{ keys: ScopedApiKey[]; apiAccess: boolean }> {
  const me = sessionCaller(ctx);
  const [rows, apiAccess] = await Promise.all([repo.keysOf(ctx.db, me.userId), repo.hasApiAccess(ctx.db, me.userId)]);
  return { keys: rows.map(shown), apiAccess };
}

/** `rsk_` and 32 random bytes in base64url: 256 bits, recognisable in logs and by secret scanners. */
function newKey(): string {
  return `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
}

/**
 * A new key, answered this once (only its hash is kept). A step-up first when the account has a
 * second factor. An admin account has no API key (as for the legacy key): refused, rather than
 * made and then authenticating nothing. A key of an account without API access is made, and works
 * once the access is given.
 */
export async function create({ ctx, input }: { ctx: Ctx; input: ApiKeyCreateBody }): Promise<ScopedApiKey & { key: string }> {
  const me = sessionCaller(ctx);
  requireStepUp(ctx);
  if (me.isAdmin) throw new AppError('C10014', { key: 'errors.apiKeyAdmin' });
  const key = newKey();
  const scopes = ordered(input.scopes);
  const cap = input.daily_spend_cap ?? null;
  const row = await ctx.db.transaction(async (tx) => {
    // The account's row lock: two creations at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.userId)).for('update');
    if ((await repo.liveKeyCount(tx, me.userId)) >= API_KEYS_MAX) {
      throw new AppError('CONFLICT', { key: 'errors.apiKeysLimit', params: { max: API_KEYS_MAX } });
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({ userId: me.userId, name: input.name, keyHash: sha256(key), prefix: key.slice(0, API_KEY_DISPLAY_LENGTH), scopes, dailySpendCap: cap })
      .returning({ id: apiKeys.id });
    await audit(
      ctx,
      { action: 'api_key.created', targetType: 'api_key', targetId: created!.id, details: { name: input.name, scopes: scopes.join(', '), daily_spend_cap: cap } },
      tx,
    );
    return (await repo.ownKey(tx, me.userId, created!.id))!;
  });
  return { ...shown(row), key };
}

/**
 * Renames a live key or changes its cap (`null` removes it). Loosening a money limit is a
 * sensitive change: a new cap needs the step-up, a new name alone does not. Scopes never change:
 * a key for other calls is a new key.
 */
export async function update({ ctx, id, input }: { ctx: Ctx; id: number; input: ApiKeyUpdateBody }): Promise<ScopedApiKey> {
  const me = sessionCaller(ctx);
  const capChanged = input.daily_spend_cap !== undefined;
  if (capChanged) requireStepUp(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: apiKeys.id, name: apiKeys.name, cap: apiKeys.dailySpendCap })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, me.userId), isNull(apiKeys.revokedAt)))
      .for('update');
    if (!row) throw new AppError('API_KEY_NOT_FOUND');
    const changes: { name?: string; dailySpendCap?: number | null } = {};
    const details: { name?: string; daily_spend_cap?: number | null } = {};
    if (input.name !== undefined && input.name !== row.name) changes.name = details.name = input.name;
    if (capChanged && input.daily_spend_cap !== row.cap) changes.dailySpendCap = details.daily_spend_cap = input.daily_spend_cap!;
    if (Object.keys(changes).length > 0) {
      await tx.update(apiKeys).set(changes).where(eq(apiKeys.id, id));
      // The name is kept in the row even when unchanged, so the Activity screen names the key.
      await audit(ctx, { action: 'api_key.updated', targetType: 'api_key', targetId: id, details: { name: row.name, ...details } }, tx);
    }
    return shown((await repo.ownKey(tx, me.userId, id))!);
  });
}

/**
 * Revokes a key: from the next request on it authenticates nothing (the bearer look-up reads
 * `revoked_at` every time, nothing is cached). Revoking a revoked key changes nothing.
 */
export async function revoke({ ctx, id }: { ctx: Ctx; id: number }): Promise<void> {
  const me = sessionCaller(ctx);
  await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, me.userId), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name });
    if (revoked) {
      await audit(ctx, { action: 'api_key.revoked', targetType: 'api_key', targetId: id, details: { name: revoked.name } }, tx);
      return;
    }
    if (!(await repo.ownKey(tx, me.userId, id))) throw new AppError('API_KEY_NOT_FOUND');
  });
}

/** A charge counted against a scoped key's day (`chargeKeySpend`), to be recorded with its ledger row (`recordKeySpend`). */
export type KeySpend = { keyId: number; name: string; day: string; cost: number };

/**
 * Counts a charge made with a scoped key against the key's daily spend, in the charge's own
 * transaction (called by `transfer` for activations and codes, before the debit): over the cap,
 * 403 and the transaction rolls back, so nothing is charged. Sessions and the legacy key have no
 * key id and pass (null).
 */
export async function chargeKeySpend(ctx: Ctx, tx: DbOrTx, cost: number): Promise<KeySpend | null> {
  const keyId = ctx.auth?.apiKeyId;
  if (keyId === undefined) return null;
  const added = await repo.addSpend(tx, keyId, cost);
  if (added) return { keyId, cost, ...added };
  const { cap, spent } = await repo.capAndSpent(tx, keyId);
  throw new AppError('API_KEY_SPEND_CAP', { params: { cap: cap ?? 0, spent, cost } });
}

/**
 * Which key paid ledger row `ledgerId`: one `api_key.spent` audit row by the payer, in the
 * spend's transaction. Nothing else records the key of a spend (the ledger has no column for it
 * and adding one is a migration), and a refund needs it to give the key's day back (`giveBackKeySpend`).
 */
export async function recordKeySpend(ctx: Ctx, tx: DbOrTx, spend: KeySpend, ledgerId: number): Promise<void> {
  await audit(
    ctx,
    { action: 'api_key.spent', targetType: 'api_key', targetId: spend.keyId, details: { name: spend.name, amount: spend.cost, ledgerId, day: spend.day } },
    tx,
  );
}

/**
 * A refund of (part of) the spend of ledger row `ledgerId` paid by `payerId`: when a scoped key
 * paid it on the database's current day, the key's spend of today goes down by `points` (never
 * below 0), in the refund's transaction, so the key can spend them again today. A spend of
 * another day, or one paid without a key, changes nothing.
 */
export async function giveBackKeySpend(tx: DbOrTx, refund: { payerId: number; ledgerId: number; points: number }): Promise<void> {
  if (refund.points <= 0) return;
  await repo.giveBackSpend(tx, refund);
}
