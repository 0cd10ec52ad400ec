import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailTokens } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/secrets.js';

type Purpose = (typeof emailTokens.$inferInsert)['purpose'];

/** A new single-purpose token; earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(db: DbOrTx, userId: number, purpose: Purpose, hours: number): Promise<string> {
  const token = randomToken();
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + hours * 3600 * 1000),
  });
  return token;
}

/** Unknown, used and expired tokens all fail this. */
const live = (token: string, purpose: Purpose) =>
  and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`));

/**
 * Marks a token used and answers its account, or undefined when it is unknown, used or expired.
 * The conditional update makes a token work once even when two requests race with it.
 */
export async function consumeEmailToken(db: DbOrTx, token: string, purpose: Purpose): Promise<number | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(live(token, purpose))
    .returning({ userId: emailTokens.userId });
  return row?.userId;
}

/** The account of a live token, without using it up. */
export async function peekEmailToken(db: DbOrTx, token: string, purpose: Purpose): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(live(token, purpose));
  return row?.userId;
}
