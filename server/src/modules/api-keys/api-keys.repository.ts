import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, apiKeySpend, users } from '../../db/schema.js';

/** The list's columns: never the hash. `spent_today` is the key's spend of the database's day. */
export const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  dailySpendCap: apiKeys.dailySpendCap,
  spentToday: sql<number>`coalesce((select ${apiKeySpend.spent} from ${apiKeySpend} where ${apiKeySpend.keyId} = ${apiKeys.id} and ${apiKeySpend.day} = current_date), 0)::double precision`,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  createdAt: apiKeys.createdAt,
  revokedAt: apiKeys.revokedAt,
};

export type KeyRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  dailySpendCap: number | null;
  spentToday: number;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  createdAt: Date;
  revokedAt: Date | null;
};

/** The account's keys, live ones first, newest first. */
export function keysOf(db: DbOrTx, userId: number): Promise<KeyRow[]> {
  return db
    .select(listed)
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Whether an admin has given the account API access: its keys work only while it has. */
export async function hasApiAccess(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ apiAccess: users.apiAccess }).from(users).where(eq(users.id, userId));
  return row?.apiAccess === 1;
}

/** One of the account's keys; another account's key is not found. */
export async function ownKey(db: DbOrTx, userId: number, id: number): Promise<KeyRow | undefined> {
  const [row] = await db.select(listed).from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
  return row;
}

export async function liveKeyCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return row!.n;
}

/**
 * Adds `cost` to the key's spend of the database's day, only while the total stays within its
 * cap (no cap: always). One statement in the charge's transaction: concurrent charges by the same
 * key queue on the day's row (the insert's conflict waits for the other transaction, then the
 * update's condition is read on the committed total), so together they never pass the cap.
 * Answers the day counted on and the key's name, or null when the cap refuses it: nothing was written.
 */
export async function addSpend(tx: DbOrTx, keyId: number, cost: number): Promise<{ day: string; name: string } | null> {
  const result = await tx.execute(sql`
    with added as (
      insert into ${apiKeySpend} (key_id, day, spent)
      select ${apiKeys.id}, current_date, ${cost}::bigint from ${apiKeys}
      where ${apiKeys.id} = ${keyId} and (${apiKeys.dailySpendCap} is null or ${cost}::bigint <= ${apiKeys.dailySpendCap})
      on conflict (key_id, day) do update set spent = ${apiKeySpend}.spent + excluded.spent
      where ${apiKeySpend}.spent + excluded.spent <= coalesce(
        (select k.daily_spend_cap from ${apiKeys} k where k.id = excluded.key_id),
        ${apiKeySpend}.spent + excluded.spent
      )
      returning key_id, day
    )
    select added.day::text as day, k.name from added join ${apiKeys} k on k.id = added.key_id`);
  const [row] = (result as { rows: { day: string; name: string }[] }).rows;
  return row ?? null;
}

/**
 * Gives `points` back to the key that paid the spend of ledger row `ledgerId` (its `api_key.spent`
 * audit row, written by the payer in the spend's transaction), when that spend was counted on the
 * database's current day: a refund another day changes nothing, the day's total never goes below
 * 0. The audit row is found through the payer's index (`actor_id`, `created_at`) among today's
 * rows only. Answers the key's id, or null when no key's spend of today was refunded.
 */
export async function giveBackSpend(tx: DbOrTx, { payerId, ledgerId, points }: { payerId: number; ledgerId: number; points: number }): Promise<number | null> {
  const result = await tx.execute(sql`
    update ${apiKeySpend} s set spent = greatest(s.spent - ${points}::bigint, 0)
    from (
      select a.target_id::int as key_id, (a.details ->> 'day')::date as day from audit_log a
      where a.actor_id = ${payerId}::int and a.created_at >= current_date::timestamptz
        and a.action = 'api_key.spent' and a.details ->> 'ledgerId' = ${String(ledgerId)}::text
      limit 1
    ) paid
    where s.key_id = paid.key_id and s.day = paid.day and paid.day = current_date
    returning s.key_id`);
  const [row] = (result as { rows: { key_id: number }[] }).rows;
  return row ? Number(row.key_id) : null;
}

/** The key's cap and what it spent today, for the refusal's message. */
export async function capAndSpent(tx: DbOrTx, keyId: number): Promise<{ cap: number | null; spent: number }> {
  const [row] = await tx
    .select({
      cap: apiKeys.dailySpendCap,
      spent: sql<number>`coalesce((select ${apiKeySpend.spent} from ${apiKeySpend} where ${apiKeySpend.keyId} = ${apiKeys.id} and ${apiKeySpend.day} = current_date), 0)::double precision`,
    })
    .from(apiKeys)
    .where(eq(apiKeys.id, keyId));
  return { cap: row?.cap ?? null, spent: row?.spent ?? 0 };
}
