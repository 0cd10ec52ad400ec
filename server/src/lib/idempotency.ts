import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_HOURS } from '@panel/contract';
import type { DbOrTx, Tx } from '../db/client.js';
import { idempotentRequests } from '../db/schema.js';
import { AppError, fieldError } from '../http/app-error.js';
import { callerOf, type Ctx } from '../http/context.js';

// ---------------------------------------------------------------------------------------------
// Idempotency: `request-id` answers a repeat within 24 hours with the first answer. The claim of
// a key is one SQL function (db/functions/idempotency_claim.sql): credit shares call it inside
// their one statement (`credit_share`), every other call that must run once (activation, codes)
// through `once`, and bulk runs directly, all through `claimIdempotencyKey` or the function.
// ---------------------------------------------------------------------------------------------

/** The `request-id` header: absent, or 1 to 100 visible ASCII characters. */
export function requestIdFrom(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(header)) throw fieldError('request-id', 'validation.requestId');
  return header;
}

/** What a repeat must match to be answered again: the call and its input, hashed. */
export const fingerprintOf = (fingerprint: unknown) => crypto.createHash('sha256').update(JSON.stringify(fingerprint)).digest('hex');

/**
 * Runs `work` in one transaction. With a request id, the key (caller + request id) is claimed
 * first inside that transaction: a repeat, even one sent at the same moment, waits for the
 * first to commit and then replays its answer, so credit moves once. Only successful answers
 * are kept: a refused request moved nothing and may be retried with the same id.
 */
export async function once<T>(ctx: Ctx, requestId: string | null, fingerprint: unknown, work: (tx: Tx) => Promise<T>): Promise<T> {
  const print = fingerprintOf(fingerprint);
  const key = requestId === null ? null : `${callerOf(ctx).userId}:${requestId}`;
  return ctx.db.transaction(async (tx) => {
    if (key !== null && !(await claimIdempotencyKey(tx, key, IDEMPOTENCY_HOURS))) {
      const stored = await storedAnswer(tx, key);
      const saved = stored?.response as { fingerprint?: string; body?: T } | undefined;
      if (stored?.statusCode !== 200 || !saved?.body) throw new AppError('CONFLICT', { key: 'credit.requestIdReused' });
      if (saved.fingerprint !== print) throw new AppError('CONFLICT', { key: 'credit.requestIdReused' });
      return saved.body;
    }
    const answer = await work(tx);
    if (key !== null) await storeAnswer(tx, key, 200, { fingerprint: print, body: answer });
    return answer;
  });
}

/**
 * Claims `key` for this transaction (db/functions/idempotency_claim.sql): inserts it, or takes
 * over an entry older than the idempotency window. A concurrent request with the same key waits on
 * the insert until this transaction ends, then finds the stored answer (or, if this one rolled
 * back, claims the key itself).
 */
export async function claimIdempotencyKey(tx: DbOrTx, key: string, hours: number): Promise<boolean> {
  const result = await tx.execute(sql`select idempotency_claim(${key}::text, ${hours}::int) as claimed`);
  return (result as { rows: { claimed: boolean }[] }).rows[0]!.claimed === true;
}

export async function storedAnswer(tx: DbOrTx, key: string) {
  const [row] = await tx
    .select({ statusCode: idempotentRequests.statusCode, response: idempotentRequests.response })
    .from(idempotentRequests)
    .where(eq(idempotentRequests.key, key));
  return row;
}

export async function storeAnswer(tx: DbOrTx, key: string, statusCode: number, response: unknown) {
  await tx.update(idempotentRequests).set({ statusCode, response }).where(eq(idempotentRequests.key, key));
}
