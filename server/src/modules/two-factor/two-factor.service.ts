import crypto from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  LOGIN_CHALLENGE_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
  RECOVERY_CODE_COUNT,
  SECURITY_PATH,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  type TotpConfirmBody,
  STEP_UP_MINUTES,
  type PasskeyAssertion,
  type StepUpBody,
  type TwoFactorMethod,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { loginChallenges, passkeys, recoveryCodes, sessions, totpFactors, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Auth, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { decryptSecret, encryptSecret, serverKey } from '../../lib/server-key.js';
import { hashSecret, randomToken, sha256, verifySecret } from '../../lib/secrets.js';
import { recordFailure, takeAttempt } from '../../lib/attempt-limits.js';
import { adminRoleId } from '../../db/roles.js';
import { accountLocale, twoFactorResetMail } from '../../mail/templates.js';
import { endOtherSessions } from '../sessions/sessions.service.js';
import { spendPasskey, verifyAssertion, type PasskeyMatch } from '../../lib/webauthn.js';

function totpOf(secret: string, email: string) {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** Wrong second-factor codes count like wrong passwords: five per account (or challenge) in the window. */
export const codeLimits = (ctx: Ctx, userId: number, challengeHash?: string) => [
  { key: `two-factor:account:${userId}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT },
  ...(challengeHash ? [{ key: `two-factor:challenge:${challengeHash}`, max: LOGIN_MAX_FAILURES_PER_ACCOUNT }] : []),
  { key: `login:ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
];

/** Recovery codes: 10 characters of base32 (50 bits), shown as `xxxxx-xxxxx`. */
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export function newRecoveryCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
/** What the reader may have added (spaces, dashes, capitals) is not part of the code. */
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const looksLikeTotp = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, codes: string[]) {
  const hashes = await Promise.all(codes.map((code) => hashSecret(normalise(code))));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** The methods an account can answer a challenge with; empty when it has no second factor. */
export async function methodsOf(db: DbOrTx, userId: number): Promise<TwoFactorMethod[]> {
  const [totp] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const [passkey] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  const methods: TwoFactorMethod[] = [];
  if (totp) methods.push('totp');
  if (passkey) methods.push('passkey');
  return methods.length > 0 ? [...methods, 'recovery'] : [];
}

type Match = { kind: 'totp'; step: number } | { kind: 'recovery'; id: number } | PasskeyMatch;

/**
 * Which of the account's codes `raw` is, if any: read only, and outside any transaction, as the
 * argon2id checks of the recovery codes take a while (PGlite runs one transaction at a time).
 */
async function matchCode(ctx: Ctx, userId: number, email: string, raw: string): Promise<Match | undefined> {
  const code = normalise(raw);
  if (looksLikeTotp(code)) {
    const [factor] = await ctx.db
      .select({ secret: totpFactors.secretEncrypted })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
    if (!factor) return undefined;
    const totp = totpOf(decryptSecret(serverKey(ctx.config), factor.secret), email);
    const now = Date.now();
    // One step either side for the clock of the phone.
    const delta = totp.validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? undefined : { kind: 'totp', step: totp.counter({ timestamp: now }) + delta };
  }
  const unused = await ctx.db
    .select({ id: recoveryCodes.id, hash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  // Every hash is checked, a match or not: the time taken does not tell which code matched.
  const matches = await Promise.all(unused.map((row) => verifySecret(row.hash, code)));
  const match = unused[matches.indexOf(true)];
  return match ? { kind: 'recovery', id: match.id } : undefined;
}

/**
 * Spends a matched code: one conditional UPDATE each (a TOTP step later than the last used one; a
 * recovery code not used yet), so of concurrent requests with the same code exactly one wins.
 * In a transaction, the code is spent only if the transaction commits.
 */
async function spendCode(db: DbOrTx, userId: number, match: Match): Promise<boolean> {
  if (match.kind === 'passkey') return spendPasskey(db, userId, match);
  if (match.kind === 'totp') {
    const taken = await db
      .update(totpFactors)
      .set({ lastStep: match.step })
      .where(and(eq(totpFactors.userId, userId), or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, match.step))))
      .returning({ userId: totpFactors.userId });
    return taken.length === 1;
  }
  const taken = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.id, match.id), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return taken.length === 1;
}

/** For the signed-in account's own security settings: a session, never an API key. */
export function sessionCaller(ctx: Ctx) {
  const me = callerOf(ctx);
  if (me.viaApiKey) throw new AppError('SESSION_REQUIRED');
  return me;
}

export async function status(ctx: Ctx) {
  const me = sessionCaller(ctx);
  const methods = await methodsOf(ctx.db, me.userId);
  const on = methods.includes('totp');
  const [left] = await ctx.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, me.userId), isNull(recoveryCodes.usedAt)));
  // Recovery codes back a passkey too: their count shows while any factor is on.
  return { totp: on, recovery_codes_left: methods.length > 0 ? left!.n : 0 };
}

/**
 * A new secret for the account, not yet in force: a setup started again replaces the one before.
 * The secret is answered here and never again.
 */
export async function setupTotp(ctx: Ctx) {
  const me = sessionCaller(ctx);
  const secret = new Secret({ size: 20 }).base32;
  const secretEncrypted = encryptSecret(serverKey(ctx.config), secret);
  const stored = await ctx.db
    .insert(totpFactors)
    .values({ userId: me.userId, secretEncrypted })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secretEncrypted, lastStep: null }, setWhere: isNull(totpFactors.confirmedAt) })
    .returning({ userId: totpFactors.userId });
  if (stored.length === 0) throw new AppError('TWO_FACTOR_ALREADY_ON');
  return { secret, uri: totpOf(secret, me.email).toString() };
}

/** The first code from the app turns the factor on and answers the ten recovery codes, once. */
export async function confirmTotp({ ctx, input }: { ctx: Ctx; input: TotpConfirmBody }) {
  const me = sessionCaller(ctx);
  const attempt = await takeAttempt(ctx, codeLimits(ctx, me.userId));
  const [factor] = await ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, me.userId));
  if (!factor || factor.confirmedAt) {
    await attempt.giveBack();
    throw new AppError(factor ? 'TWO_FACTOR_ALREADY_ON' : 'TWO_FACTOR_NOT_ON');
  }
  const totp = totpOf(decryptSecret(serverKey(ctx.config), factor.secretEncrypted), me.email);
  const now = Date.now();
  const code = normalise(input.code);
  const delta = looksLikeTotp(code) ? totp.validate({ token: code, timestamp: now, window: 1 }) : null;
  // Setup's own words: no recovery code exists yet, so the sign-in text (which offers one) would mislead.
  if (delta === null) throw new AppError('INVALID_TWO_FACTOR_CODE', { key: 'errors.invalidSetupCode' });
  await attempt.passed();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(totpFactors)
      .set({ confirmedAt: sql`now()`, lastStep: totp.counter({ timestamp: now }) + delta })
      .where(and(eq(totpFactors.userId, me.userId), isNull(totpFactors.confirmedAt), eq(totpFactors.secretEncrypted, factor.secretEncrypted)))
      .returning({ userId: totpFactors.userId });
    // Confirmed by a concurrent request, or the setup was started again meanwhile.
    if (confirmed.length === 0) throw new AppError('INVALID_TWO_FACTOR_CODE');
    await replaceRecoveryCodes(tx, me.userId, codes);
    await audit(ctx, { action: 'two_factor.enable', targetType: 'user', targetId: me.userId, details: { method: 'totp' } }, tx);
  });
  return codes;
}

/**
 * Turning the factor off and regenerating the recovery codes: a session whose factor was confirmed
 * in the last minutes (requireStepUp, the web app asks for the code in its step-up modal).
 */
async function withStepUp(ctx: Ctx, run: (tx: DbOrTx, userId: number) => Promise<void>) {
  const me = sessionCaller(ctx);
  requireStepUp(ctx);
  await ctx.db.transaction(async (tx) => {
    if ((await methodsOf(tx, me.userId)).length === 0) throw new AppError('TWO_FACTOR_NOT_ON');
    await run(tx, me.userId);
  });
}

/**
 * Every second factor of an account and what hangs on them: its TOTP factor, passkeys, recovery
 * codes and pending sign-in challenges (a challenge earned before must not complete with a factor set up after).
 */
export async function removeAllFactors(tx: DbOrTx, userId: number) {
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
}

/**
 * An account that lost its phone and its recovery codes gets its factor reset by its parent reseller
 * (its direct parent only, as for every other act on an account) or an admin (any account, other
 * admins included): the factor and its codes go, every session of the account ends, one audit row,
 * and a mail to the account. The caller must have confirmed its own factor lately (step-up).
 * A password reset never does this (ASVS V6.4.3): only a person who answers for the account can.
 */
export async function resetSecondFactor({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = sessionCaller(ctx);
  requireStepUp(ctx);
  const target = await ctx.db.transaction(async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!account || account.deletedAt) throw new AppError('NOT_FOUND');
    // One's own factor is turned off by the account itself (POST /api/two-factor/disable, after a step-up).
    if (account.id === me.userId) throw new AppError('C10013');
    if (!me.isAdmin) {
      if (account.roleId === (await adminRoleId(tx))) throw new AppError('C10014');
      if (account.parentResellerId !== me.userId) throw new AppError('C10013');
    }
    if ((await methodsOf(tx, account.id)).length === 0) throw new AppError('TWO_FACTOR_NOT_ON');
    await removeAllFactors(tx, account.id);
    await endOtherSessions(ctx, { userId: account.id, reason: 'two-factor-reset' }, tx);
    await audit(ctx, { action: 'two_factor.reset', targetType: 'user', targetId: account.id }, tx);
    return account;
  });
  try {
    await ctx.mailer.send(
      twoFactorResetMail(accountLocale(target.locale), target, { by: me.name, at: new Date(), link: `${ctx.config.publicUrl}${SECURITY_PATH}` }),
    );
  } catch (error) {
    // The reset stands: the account's sessions are already gone; a lost mail must not undo it.
    ctx.log.error({ err: error }, 'two-factor reset mail not sent');
  }
}

export async function disable(ctx: Ctx) {
  await withStepUp(ctx, async (tx, userId) => {
    const removed = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ userId: totpFactors.userId });
    // An account with passkeys only has no app to turn off (the transaction changes nothing).
    if (removed.length === 0) throw new AppError('TWO_FACTOR_NOT_ON');
    // With a passkey left the account keeps a second factor, and the recovery codes that back it.
    const [passkeyLeft] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
    if (!passkeyLeft) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    }
    await audit(ctx, { action: 'two_factor.disable', targetType: 'user', targetId: userId }, tx);
  });
}

export async function regenerateRecoveryCodes(ctx: Ctx) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await withStepUp(ctx, async (tx, userId) => {
    await replaceRecoveryCodes(tx, userId, codes);
    await audit(ctx, { action: 'two_factor.recovery_codes', targetType: 'user', targetId: userId }, tx);
  });
  return codes;
}

/**
 * POST /api/step-up: the session confirms its second factor again, and money and secret moves
 * (requireStepUp) go through for the next minutes, with a code (TOTP or recovery) or a passkey.
 * Answers until when the confirmation covers them.
 */
export async function stepUp({ ctx, input }: { ctx: Ctx; input: StepUpBody }) {
  const me = sessionCaller(ctx);
  if (!me.hasSecondFactor) throw new AppError('TWO_FACTOR_NOT_ON');
  // The session and its factor are the live side's, also when the call came under /api/sandbox.
  const live = { ...ctx, db: ctx.database.db };
  const attempt = await takeAttempt(live, codeLimits(live, me.userId));
  const match = input.passkey
    ? await verifyAssertion(live, me.userId, 'step_up', { sessionId: me.sessionId }, input.passkey)
    : await matchCode(live, me.userId, me.email, input.code ?? '');
  const confirmedAt = match && ((await confirmSession(live, me, match)) ?? (await repeatOfConfirmed(live, me, match)));
  if (!confirmedAt) throw new AppError(input.passkey ? 'INVALID_PASSKEY' : 'INVALID_TWO_FACTOR_CODE');
  await attempt.passed();
  return { confirmed_until: new Date(confirmedAt.getTime() + STEP_UP_MINUTES * 60_000).toISOString() };
}

/**
 * The matched code or passkey spent and the session's confirmation stored in one transaction, so of
 * concurrent requests with the same code or assertion one confirms. Undefined when a concurrent
 * request spent it first.
 */
async function confirmSession(ctx: Ctx, me: Auth, match: Match): Promise<Date | undefined> {
  return ctx.db.transaction(async (tx) => {
    if (!(await spendCode(tx, me.userId, match))) return undefined;
    const [session] = await tx.update(sessions).set({ twoFactorAt: sql`now()` }).where(eq(sessions.id, me.sessionId)).returning({ at: sessions.twoFactorAt });
    // The session was ended meanwhile: the code goes back (the transaction rolls back).
    if (!session?.at) throw new AppError('C10002');
    await audit(ctx, { action: 'two_factor.step_up', targetType: 'user', targetId: me.userId, details: { method: match.kind } }, tx);
    return session.at;
  });
}

/**
 * A code sent twice (Confirm pressed twice, a retried request): the TOTP step this very session
 * confirmed with, sent again while that code is still accepted, answers as the first did and is no
 * failure. Read from the database, not the request's session: the first request may have
 * committed after this one began.
 */
async function repeatOfConfirmed(ctx: Ctx, me: Auth, match: Match): Promise<Date | undefined> {
  if (match.kind !== 'totp') return undefined;
  const [row] = await ctx.db
    .select({ lastStep: totpFactors.lastStep, at: sessions.twoFactorAt })
    .from(sessions)
    .innerJoin(totpFactors, eq(totpFactors.userId, sessions.userId))
    .where(eq(sessions.id, me.sessionId));
  if (!row?.at || row.lastStep !== match.step) return undefined;
  // A step's code is accepted from the step before it on (one step of drift either side).
  return row.at.getTime() >= (match.step - 1) * TOTP_PERIOD_SECONDS * 1000 ? row.at : undefined;
}

/** The challenge a right password earns an account with a second factor: a token for the next call. */
export async function issueChallenge(ctx: Ctx, userId: number, remember: boolean) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_MINUTES * 60_000);
  // The account's spent and expired challenges go here, so the table holds only live ones.
  await ctx.db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), or(isNotNull(loginChallenges.usedAt), lt(loginChallenges.expiresAt, sql`now()`))));
  await ctx.db.insert(loginChallenges).values({ userId, tokenHash: sha256(token), remember, expiresAt });
  return { token, expiresAt };
}

/**
 * The second step of a sign-in: the code is checked against the challenge's own account only, and
 * the challenge and the code are spent together in one transaction (both conditional updates), so
 * a challenge completes one sign-in at most. Answers the account to sign in.
 */
export async function completeChallenge(ctx: Ctx, input: { challenge: string; code?: string; passkey?: PasskeyAssertion }) {
  const challengeHash = sha256(input.challenge);
  const [challenge] = await ctx.db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId, remember: loginChallenges.remember, email: users.email })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(and(eq(loginChallenges.tokenHash, challengeHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, sql`now()`)));
  if (!challenge) {
    await recordFailure(ctx, [{ key: `login:ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP }]);
    ctx.metrics.signInFailure('second_factor');
    throw new AppError('CHALLENGE_EXPIRED');
  }
  const attempt = await takeAttempt(ctx, codeLimits(ctx, challenge.userId, challengeHash));
  const match = input.passkey
    ? await verifyAssertion(ctx, challenge.userId, 'login', { loginChallengeId: challenge.id }, input.passkey)
    : await matchCode(ctx, challenge.userId, challenge.email, input.code ?? '');
  const passed =
    match !== undefined &&
    (await ctx.db.transaction(async (tx) => {
      if (!(await spendCode(tx, challenge.userId, match))) return false;
      const spent = await tx
        .update(loginChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      // Completed by a concurrent request with another good code: the code spent here goes back.
      if (spent.length === 0) throw new AppError('CHALLENGE_EXPIRED');
      return true;
    }));
  if (!passed) {
    ctx.metrics.signInFailure('second_factor');
    throw new AppError(input.passkey ? 'INVALID_PASSKEY' : 'INVALID_TWO_FACTOR_CODE');
  }
  await attempt.passed();
  return { userId: challenge.userId, remember: challenge.remember };
}
