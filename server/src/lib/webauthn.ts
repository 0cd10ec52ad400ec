import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { WEBAUTHN_CHALLENGE_MINUTES, type PasskeyAssertion } from '@panel/contract';
import type { DbOrTx } from '../db/client.js';
import { passkeys, webauthnChallenges } from '../db/schema.js';
import type { Ctx } from '../http/context.js';

/**
 * The WebAuthn pieces the sign-in's second step, the step-up and the passkeys screen share: the
 * challenges (single use, bound) and the check of an assertion against one account's passkeys.
 */

export type ChallengePurpose = 'registration' | 'login' | 'step_up';
/** What a challenge is bound to besides its account: the sign-in challenge, or the session. */
export type ChallengeBinding = { loginChallengeId: number } | { sessionId: number };

const bindingWhere = (binding: ChallengeBinding) =>
  'loginChallengeId' in binding ? eq(webauthnChallenges.loginChallengeId, binding.loginChallengeId) : eq(webauthnChallenges.sessionId, binding.sessionId);

/** Stores a challenge the options just made; it replaces the one the same binding asked for before. */
export async function storeChallenge(db: DbOrTx, userId: number, purpose: ChallengePurpose, binding: ChallengeBinding, challenge: string) {
  await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.userId, userId),
        or(and(eq(webauthnChallenges.purpose, purpose), bindingWhere(binding)), lt(webauthnChallenges.expiresAt, sql`now()`)),
      ),
    );
  await db.insert(webauthnChallenges).values({
    userId,
    purpose,
    challenge,
    ...binding,
    expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_MINUTES * 60_000),
  });
}

/** The challenge a browser's answer signed, from its clientDataJSON (checked again by the verification). */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the challenge an answer signed, if it is live and was issued to this account, purpose and
 * binding: a DELETE … RETURNING, so of two requests with the same answer one gets it.
 */
export async function takeChallenge(db: DbOrTx, userId: number, purpose: ChallengePurpose, binding: ChallengeBinding, clientDataJSON: string) {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return undefined;
  const [taken] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.userId, userId),
        eq(webauthnChallenges.purpose, purpose),
        bindingWhere(binding),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken?.challenge;
}

export type PasskeyMatch = { kind: 'passkey'; id: number; counterBefore: number; counterAfter: number };

/**
 * Checks an assertion against the account's own passkeys and the challenge issued for this purpose
 * and binding, spending the challenge whatever the outcome. Answers the passkey and its new counter;
 * the caller stores the counter with `spendPasskey` (conditional, so a concurrent use of the same
 * counter loses).
 */
export async function verifyAssertion(
  ctx: Ctx,
  userId: number,
  purpose: 'login' | 'step_up',
  binding: ChallengeBinding,
  response: PasskeyAssertion,
): Promise<PasskeyMatch | undefined> {
  const expectedChallenge = await takeChallenge(ctx.db, userId, purpose, binding, response.response.clientDataJSON);
  if (!expectedChallenge) return undefined;
  // Another account's passkey is simply not among these: its assertion cannot match.
  const [key] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, response.id)));
  if (!key) return undefined;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: ctx.config.webauthn.origin,
      expectedRPID: ctx.config.webauthn.rpId,
      credential: {
        id: key.credentialId,
        publicKey: isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: false,
    });
    if (!verified) return undefined;
    return { kind: 'passkey', id: key.id, counterBefore: key.counter, counterAfter: authenticationInfo.newCounter };
  } catch {
    // A malformed or forged answer, a counter that went back: a failed check like any other.
    return undefined;
  }
}

/** Stores the new counter and the time of use, if no other request used this counter first. */
export async function spendPasskey(db: DbOrTx, userId: number, match: PasskeyMatch): Promise<boolean> {
  const taken = await db
    .update(passkeys)
    .set({ counter: match.counterAfter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, match.id), eq(passkeys.userId, userId), eq(passkeys.counter, match.counterBefore)))
    .returning({ id: passkeys.id });
  return taken.length === 1;
}
