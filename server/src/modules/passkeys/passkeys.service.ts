import crypto from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  LOGIN_MAX_FAILURES_PER_IP,
  RECOVERY_CODE_COUNT,
  TOTP_ISSUER,
  type Passkey,
  type PasskeyCreateBody,
  type PasskeyRenameBody,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { loginChallenges, passkeys, recoveryCodes, totpFactors, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { serverKey } from '../../lib/server-key.js';
import { sha256 } from '../../lib/secrets.js';
import { recordFailure } from '../../lib/attempt-limits.js';
import { newRecoveryCode, replaceRecoveryCodes, sessionCaller } from '../two-factor/two-factor.service.js';
import { storeChallenge, takeChallenge } from '../../lib/webauthn.js';

/** The list's columns: never the credential id nor the public key. */
const listed = { id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt };
const shown = (row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function list(ctx: Ctx) {
  const me = sessionCaller(ctx);
  const rows = await ctx.db.select(listed).from(passkeys).where(eq(passkeys.userId, me.userId)).orderBy(passkeys.createdAt, passkeys.id);
  return rows.map(shown);
}

/**
 * The WebAuthn user handle: stable per account and opaque (no e-mail, no row id in the clear), so
 * an authenticator keeps one passkey per account of this panel.
 */
function userHandle(ctx: Ctx, userId: number) {
  return new Uint8Array(crypto.createHmac('sha256', serverKey(ctx.config)).update(`webauthn-user:${userId}`).digest());
}

export async function registrationOptions(ctx: Ctx) {
  const me = sessionCaller(ctx);
  const existing = await ctx.db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, me.userId));
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: ctx.config.webauthn.rpId,
    userName: me.email,
    userDisplayName: me.name,
    userID: userHandle(ctx, me.userId),
    attestationType: 'none',
    // The same authenticator twice would be one factor under two names.
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(ctx.db, me.userId, 'registration', { sessionId: me.sessionId }, options.challenge);
  return options;
}

/**
 * Registers the passkey the browser made for the options above. The first second factor of an
 * account without recovery codes comes with ten of them, answered this once.
 */
export async function register({ ctx, input }: { ctx: Ctx; input: PasskeyCreateBody }) {
  const me = sessionCaller(ctx);
  const expectedChallenge = await takeChallenge(ctx.db, me.userId, 'registration', { sessionId: me.sessionId }, input.response.response.clientDataJSON);
  if (!expectedChallenge) throw new AppError('PASSKEY_REGISTRATION_FAILED');
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge,
      expectedOrigin: ctx.config.webauthn.origin,
      expectedRPID: ctx.config.webauthn.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw new AppError('PASSKEY_REGISTRATION_FAILED');
  }
  if (!verification.verified) throw new AppError('PASSKEY_REGISTRATION_FAILED');
  const { credential } = verification.registrationInfo;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  try {
    return await ctx.db.transaction(async (tx) => {
      // One registration at a time per account: the "first factor, no codes yet" test below holds.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, me.userId)).for('update');
      const [codesHeld] = await tx.select({ n: count() }).from(recoveryCodes).where(eq(recoveryCodes.userId, me.userId));
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId: me.userId,
          name: input.name,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
        })
        .returning(listed);
      const firstCodes = codesHeld!.n === 0;
      if (firstCodes) await replaceRecoveryCodes(tx, me.userId, codes);
      await audit(ctx, { action: 'two_factor.passkey_added', targetType: 'user', targetId: me.userId, details: { name: input.name } }, tx);
      return { passkey: shown(row!), recoveryCodes: firstCodes ? codes : undefined };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PASSKEY_ALREADY_REGISTERED');
    throw error;
  }
}

async function ownPasskey(db: DbOrTx, userId: number, id: number) {
  const [row] = await db.select(listed).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  if (!row) throw new AppError('PASSKEY_NOT_FOUND');
  return row;
}

export async function rename({ ctx, id, input }: { ctx: Ctx; id: number; input: PasskeyRenameBody }) {
  const me = sessionCaller(ctx);
  await ownPasskey(ctx.db, me.userId, id);
  const [row] = await ctx.db.update(passkeys).set({ name: input.name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, me.userId))).returning(listed);
  if (!row) throw new AppError('PASSKEY_NOT_FOUND');
  return shown(row);
}

/**
 * Removes a passkey. Removing the account's last second factor (its last passkey, without TOTP)
 * needs a step-up, and takes the recovery codes with it, as turning TOTP off does.
 */
export async function remove({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = sessionCaller(ctx);
  await ctx.db.transaction(async (tx) => {
    // The account's row lock: two removals of its last two passkeys cannot both see "one more left".
    await tx.select({ id: users.id }).from(users).where(eq(users.id, me.userId)).for('update');
    const row = await ownPasskey(tx, me.userId, id);
    const [totp] = await tx
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, me.userId), isNotNull(totpFactors.confirmedAt)));
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, me.userId));
    const last = !totp && held!.n === 1;
    if (last) requireStepUp(ctx);
    await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, me.userId)));
    if (last) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.userId));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, me.userId));
    }
    await audit(ctx, { action: 'two_factor.passkey_removed', targetType: 'user', targetId: me.userId, details: { name: row.name, last_factor: last } }, tx);
  });
}

async function authenticationOptions(ctx: Ctx, userId: number) {
  const held = await ctx.db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (held.length === 0) throw new AppError('NO_PASSKEY');
  return generateAuthenticationOptions({ rpID: ctx.config.webauthn.rpId, allowCredentials: held, userVerification: 'preferred' });
}

/** The options for the second step of a sign-in: only the challenge's own account's passkeys. */
export async function loginOptions(ctx: Ctx, input: { challenge: string }) {
  const [challenge] = await ctx.db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, sha256(input.challenge)), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, sql`now()`)));
  if (!challenge) {
    // Guessing challenges costs like guessing codes.
    await recordFailure(ctx, [{ key: `login:ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP }]);
    throw new AppError('CHALLENGE_EXPIRED');
  }
  const options = await authenticationOptions(ctx, challenge.userId);
  await storeChallenge(ctx.db, challenge.userId, 'login', { loginChallengeId: challenge.id }, options.challenge);
  return options;
}

/** Step-up with a passkey, first half: options bound to this session. */
export async function stepUpPasskeyOptions(ctx: Ctx) {
  const me = sessionCaller(ctx);
  const options = await authenticationOptions(ctx, me.userId);
  await storeChallenge(ctx.db, me.userId, 'step_up', { sessionId: me.sessionId }, options.challenge);
  return options;
}

