import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  CREATE_PASSWORD_TOKEN_HOURS,
  REMEMBER_ME_DAYS,
  RESELLER_ROLE,
  RESET_PASSWORD_TOKEN_HOURS,
  SESSION_DAYS,
  type CreatePasswordBody,
  type EmailBody,
  type LoginBody,
  type LoginTwoFactorBody,
  type RegisterBody,
  type ResetPasswordBody,
  type Locale,
  type SignedInAccount,
} from '@panel/contract';
import { emailTokens, loginChallenges, roles, sessions, users } from '../../db/schema.js';
import { adminRoleId, liveRole } from '../../db/roles.js';
import { AppError, fieldError } from '../../http/app-error.js';
import type { Ctx } from '../../http/context.js';
import { findSession } from '../../http/auth.js';
import { twoFactorSetupAnswer } from '../two-factor/requirement.service.js';
import { afterAnswer } from '../../lib/after-answer.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { dummyVerify, hashSecret, randomToken, sha256, verifySecret } from '../../lib/secrets.js';
import { actionMail } from '../../mail/templates.js';
import { endOtherSessions, isNewDevice, sendNewDeviceMail } from '../sessions/sessions.service.js';
import { consumeEmailToken, issueEmailToken, peekEmailToken } from './email-tokens.js';
import { completeChallenge, issueChallenge, methodsOf } from '../two-factor/two-factor.service.js';
import { knownBrowserLimits, loginLimits, mailLimits, signupLimits, takeAttempt } from '../../lib/attempt-limits.js';
import type { KnownBrowser } from './known-browser.js';

/** `passedSecondFactor`: the sign-in confirmed a TOTP or recovery code (the sessions screen shows it). */
export async function createSession(ctx: Ctx, userId: number, remember: boolean, userAgent?: string, passedSecondFactor = false) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + (remember ? REMEMBER_ME_DAYS : SESSION_DAYS) * 86_400_000);
  await ctx.db
    .insert(sessions)
    .values({ userId, tokenHash: sha256(token), expiresAt, ip: ctx.ip, userAgent, twoFactorAt: passedSecondFactor ? new Date() : null });
  return { token, expiresAt };
}

/**
 * Sign-in for both screens. `admin` says which one: an admin account signs in only on the admin
 * screen, every other account only on the public one.
 */
export async function login({
  ctx,
  input,
  admin,
  userAgent,
  locale,
  knownBrowser = new Map(),
}: {
  ctx: Ctx;
  input: LoginBody;
  admin: boolean;
  userAgent?: string;
  /** The caller's language when it named one: mails sent later without a request use it. */
  locale?: Locale;
  /** The accounts this browser signed in to before: its wrong passwords for them count apart. */
  knownBrowser?: KnownBrowser;
}) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  const known = user && !user.deletedAt ? knownBrowser.get(user.id) : undefined;
  // Taken before the password is checked, so guesses sent together cannot overrun the limit.
  const attempt = await takeAttempt(ctx, known ? knownBrowserLimits(known.nonce) : loginLimits(ctx, input.email));
  if (!user || user.deletedAt) {
    await dummyVerify(input.password);
    // Without the attempted address: people type their password into the e-mail field too.
    await audit(ctx, { action: 'auth.login.failed', targetType: 'user', actorId: null });
    ctx.metrics.signInFailure('password');
    throw new AppError('10090');
  }
  // An account that never chose a password can only be waiting for its verification mail.
  if (!user.passwordHash) {
    await attempt.giveBack();
    throw new AppError('10095');
  }
  if (!(await verifySecret(user.passwordHash, input.password))) {
    await audit(ctx, { action: 'auth.login.failed', targetType: 'user', targetId: user.id, actorId: null });
    ctx.metrics.signInFailure('password');
    throw new AppError('INVALID_CREDENTIALS');
  }
  await attempt.passed();
  if (user.status !== 1) throw new AppError('10090');
  if (user.isDisableByAdmin === 1) throw new AppError('10091');
  // Suspended by the panel's owner: blocked as 10091 is (the specification's clients know it), in the owner's words.
  if (user.suspendedAt) throw new AppError('10091', { key: 'errors.accountSuspended' });
  if (!user.emailVerifiedAt) throw new AppError('10095');
  const isAdmin = user.roleId === (await adminRoleId(ctx.db));
  if (isAdmin !== admin) throw new AppError('WRONG_SIGN_IN_PAGE');

  // With a second factor the password earns a challenge, not a session (POST /api/login/two-factor).
  const methods = await methodsOf(ctx.db, user.id);
  if (methods.length > 0) {
    const challenge = await issueChallenge(ctx, user.id, input.remember === true);
    return { kind: 'challenge', challenge: challenge.token, expiresAt: challenge.expiresAt, methods } as const;
  }
  return { kind: 'session', session: await startSession(ctx, user, { remember: input.remember === true, userAgent, locale, passedSecondFactor: false }) } as const;
}

export type SignedIn = Awaited<ReturnType<typeof startSession>>;

async function startSession(
  ctx: Ctx,
  user: typeof users.$inferSelect,
  options: { remember: boolean; userAgent?: string; locale?: Locale; passedSecondFactor: boolean },
) {
  const { token, expiresAt } = await createSession(ctx, user.id, options.remember, options.userAgent, options.passedSecondFactor);
  await ctx.db
    .update(users)
    .set({ lastLoginTime: sql`now()`, loginIp: ctx.ip, ...(options.locale ? { locale: options.locale } : {}) })
    .where(eq(users.id, user.id));
  await audit(ctx, { action: 'auth.login', targetType: 'user', targetId: user.id, actorId: user.id, details: { second_factor: options.passedSecondFactor } });
  if (await isNewDevice(ctx, user.id, options.userAgent)) await sendNewDeviceMail(ctx, user, options.userAgent);
  const auth = await findSession(ctx.db, token);
  return {
    token,
    expiresAt,
    account: signedInAccount({ userId: user.id, name: user.name, email: user.email, creditPoint: user.creditPoint }),
    permissions: [...(auth?.permissions ?? [])],
    hasPasscode: user.creditSharePasscodeHash !== null,
    ...(auth ? twoFactorSetupAnswer(auth) : {}),
  };
}

/**
 * The second step of a sign-in: a TOTP or recovery code for the challenge the password earned.
 * The account is read again: one disabled in the meantime does not get its session.
 */
export async function loginTwoFactor({
  ctx,
  input,
  userAgent,
  locale,
}: {
  ctx: Ctx;
  input: LoginTwoFactorBody;
  userAgent?: string;
  locale?: Locale;
}) {
  const { userId, remember } = await completeChallenge(ctx, input);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt || user.status !== 1) throw new AppError('10090');
  if (user.isDisableByAdmin === 1) throw new AppError('10091');
  // Suspended by the panel's owner: blocked as 10091 is (the specification's clients know it), in the owner's words.
  if (user.suspendedAt) throw new AppError('10091', { key: 'errors.accountSuspended' });
  return startSession(ctx, user, { remember, userAgent, locale, passedSecondFactor: true });
}

/** `data.IBOReseller` of the sign-in and profile answers. Only an active, enabled account gets this far: status 1. */
export function signedInAccount(account: { userId: number; name: string; email: string; creditPoint: number }): SignedInAccount {
  return { id: account.userId, name: account.name, email: account.email, credit_point: account.creditPoint, status: 1 };
}

export async function logout(ctx: Ctx) {
  if (!ctx.auth) return;
  await ctx.db.delete(sessions).where(eq(sessions.id, ctx.auth.sessionId));
  await audit(ctx, { action: 'auth.logout', targetType: 'user', targetId: ctx.auth.userId });
}

async function sendCreatePasswordMail(ctx: Ctx, user: { id: number; name: string; email: string }, kind: 'verify' | 'invite') {
  const token = await issueEmailToken(ctx.db, user.id, 'create_password', CREATE_PASSWORD_TOKEN_HOURS);
  const link = `${ctx.config.publicUrl}/create-password?email=${encodeURIComponent(user.email)}&token=${token}`;
  await ctx.mailer.send(actionMail(ctx.locale, kind, user, link));
}

/** Sign-up creates an unverified reseller and mails the link that verifies it and sets its first password. */
export async function register({ ctx, input }: { ctx: Ctx; input: RegisterBody }) {
  await takeAttempt(ctx, signupLimits(ctx));
  const [role] = await ctx.db.select({ id: roles.id }).from(roles).where(and(eq(roles.name, RESELLER_ROLE), liveRole));
  let created: { id: number; name: string; email: string };
  try {
    [created] = (await ctx.db
      .insert(users)
      .values({ name: input.name, email: input.email, roleId: role!.id })
      .returning({ id: users.id, name: users.name, email: users.email })) as [typeof created];
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', 'validation.taken');
    throw error;
  }
  await sendCreatePasswordMail(ctx, created, 'verify');
  // Lets the update-email screen correct a mistyped address until the account is verified.
  const updateEmailToken = await issueEmailToken(ctx.db, created.id, 'update_email', CREATE_PASSWORD_TOKEN_HOURS);
  return { token: updateEmailToken };
}

export async function sendInvitation(ctx: Ctx, user: { id: number; name: string; email: string }) {
  await sendCreatePasswordMail(ctx, user, 'invite');
}

/** Resends the verification mail; answers the same whatever the address, so it tells nobody who has an account. */
export async function resendCreatePassword({ ctx, input }: { ctx: Ctx; input: EmailBody }) {
  await takeAttempt(ctx, mailLimits(ctx, input.email));
  // After the answer, as the reset mail: the time taken tells nothing either.
  afterAnswer(ctx.log, 'verification mail', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
    if (!user || user.deletedAt || user.emailVerifiedAt) return;
    await sendCreatePasswordMail(ctx, user, user.createdBy ? 'invite' : 'verify');
  });
}

export async function createPassword({ ctx, input }: { ctx: Ctx; input: CreatePasswordBody }) {
  const passwordHash = await hashSecret(input.password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'create_password');
    const [user] = userId ? await tx.select().from(users).where(eq(users.id, userId)) : [];
    // A token for another address is as useless as an expired one: nothing changes.
    if (!user || user.email !== input.email || user.deletedAt) throw new AppError('TOKEN_EXPIRED');
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? sql`now()` })
      .where(eq(users.id, user.id));
    // Verified now: the sign-up's update-email token has done its job.
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'update_email'), isNull(emailTokens.usedAt)));
  });
}

/**
 * Always the same answer, in the same time: whether the address has an account is nobody's business,
 * so the look-up, the token and the mail happen after the answer has left.
 */
export async function forgotPassword({ ctx, input }: { ctx: Ctx; input: EmailBody }) {
  await takeAttempt(ctx, mailLimits(ctx, input.email));
  afterAnswer(ctx.log, 'password reset mail', async () => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
    if (!user || user.deletedAt || !user.emailVerifiedAt || user.isDisableByAdmin === 1 || user.status !== 1 || user.suspendedAt) return;
    const token = await issueEmailToken(ctx.db, user.id, 'reset_password', RESET_PASSWORD_TOKEN_HOURS);
    await ctx.mailer.send(actionMail(ctx.locale, 'reset', user, `${ctx.config.publicUrl}/reset-password/${token}`));
  });
}

/** A reset works once, within the hour, and signs the account out everywhere. */
export async function resetPassword({ ctx, input }: { ctx: Ctx; input: ResetPasswordBody }) {
  const passwordHash = await hashSecret(input.password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset_password');
    if (!userId) throw new AppError('TOKEN_EXPIRED');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endOtherSessions(ctx, { userId, reason: 'password' }, tx);
    await audit(ctx, { action: 'auth.password.reset', targetType: 'user', targetId: userId, actorId: userId }, tx);
    // The second factor stays on (ASVS V6.4.3); only challenges the old password earned go.
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  });
}

/**
 * An unverified account corrects its address with the token its sign-up answer carried; the
 * verification mail goes to the new address and the old links stop working.
 */
export async function updateEmail({ ctx, input, token }: { ctx: Ctx; input: EmailBody; token: string | undefined }) {
  const userId = token ? await peekEmailToken(ctx.db, token, 'update_email') : undefined;
  if (!userId) throw new AppError('C10002');
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw new AppError('C10002');
  if (user.emailVerifiedAt) throw new AppError('ALREADY_VERIFIED');
  // Every call mails the address it names: the same limit as the resend call, or it would bypass it.
  await takeAttempt(ctx, mailLimits(ctx, input.email));
  if (user.email === input.email) {
    await sendCreatePasswordMail(ctx, user, 'verify');
    return;
  }
  try {
    await ctx.db.update(users).set({ email: input.email, oldEmail: user.email }).where(and(eq(users.id, userId), ne(users.email, input.email)));
    await audit(ctx, { action: 'auth.email.update', targetType: 'user', targetId: userId, actorId: userId, details: { from: user.email, to: input.email } });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('email', 'validation.taken');
    throw error;
  }
  await sendCreatePasswordMail(ctx, { ...user, email: input.email }, 'verify');
}
