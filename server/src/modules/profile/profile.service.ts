import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ExpiryRemindersBody, LowCreditBody, PasscodeBody, ProfileBody } from '@panel/contract';
import { sessions, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { hashSecret, verifySecret } from '../../lib/secrets.js';
import { signedInAccount } from '../auth/auth.service.js';
import { twoFactorSetupAnswer } from '../two-factor/requirement.service.js';
import { endOtherSessions } from '../sessions/sessions.service.js';
import { passcodeLimits, takeAttempt } from '../../lib/attempt-limits.js';
import { requireStepUp } from '../../http/step-up.js';

export async function getProfile(ctx: Ctx) {
  const me = callerOf(ctx);
  return {
    id: me.userId,
    name: me.name,
    email: me.email,
    hasPasscode: me.hasPasscode,
    expiry_reminders: me.expiryReminders,
    owner: me.owner === true,
    admin: me.isAdmin,
    IBOReseller: signedInAccount(me),
    ...twoFactorSetupAnswer(me),
  };
}

/**
 * The profile page's switch for the daily expiry reminder (modules/reminders). The caller's language
 * is kept too: the reminder is written in the language the reseller last used the panel in.
 */
export async function setExpiryReminders({ ctx, input }: { ctx: Ctx; input: ExpiryRemindersBody }) {
  const me = callerOf(ctx);
  await ctx.db.update(users).set({ expiryReminders: input.expiry_reminders, locale: ctx.locale }).where(eq(users.id, me.userId));
}

/** GET /api/profile/low-credit: the account's low-balance line (webhooks' `credit.low`), null for none. */
export async function lowCreditThreshold(ctx: Ctx): Promise<number | null> {
  const [row] = await ctx.db.select({ threshold: users.lowCreditThreshold }).from(users).where(eq(users.id, callerOf(ctx).userId));
  return row?.threshold ?? null;
}

/**
 * PATCH /api/profile/low-credit. Setting the line tells nothing by itself: the next move that takes
 * the balance under it does (credit/after-move). A balance already at or above the new line (or no
 * line) clears the "told" mark, so the next fall under it is told.
 */
export async function setLowCreditThreshold({ ctx, input }: { ctx: Ctx; input: LowCreditBody }): Promise<number | null> {
  const threshold = input.threshold;
  await ctx.db
    .update(users)
    .set({
      lowCreditThreshold: threshold,
      lowCreditNotifiedAt:
        threshold === null ? null : sql`case when ${users.creditPoint} >= ${threshold} then null else ${users.lowCreditNotifiedAt} end`,
    })
    .where(eq(users.id, callerOf(ctx).userId));
  return threshold;
}

/** A new password signs the account out of every other session; this one stays. */
export async function updateProfile({ ctx, input }: { ctx: Ctx; input: ProfileBody }) {
  // A new name alone moves no secret; a new password needs the step-up.
  if (input.password) requireStepUp(ctx);
  const me = callerOf(ctx);
  const passwordHash = input.password ? await hashSecret(input.password) : undefined;
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.name, ...(passwordHash ? { passwordHash } : {}) }).where(eq(users.id, me.userId));
    if (passwordHash) {
      await endOtherSessions(ctx, { userId: me.userId, keep: me.sessionId, reason: 'password' }, tx);
      await audit(ctx, { action: 'profile.password', targetType: 'user', targetId: me.userId }, tx);
    }
  });
}

/** First passcode only; changing one goes through `updatePasscode`. */
export async function setPasscode({ ctx, input }: { ctx: Ctx; input: PasscodeBody }) {
  requireStepUp(ctx);
  const me = callerOf(ctx);
  const hash = await hashSecret(input.requestData.passcode);
  const updated = await ctx.db
    .update(users)
    .set({ creditSharePasscodeHash: hash })
    .where(and(eq(users.id, me.userId), isNull(users.creditSharePasscodeHash)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('PASSCODE_EXISTS');
  await audit(ctx, { action: 'profile.passcode.set', targetType: 'user', targetId: me.userId });
}

export async function updatePasscode({ ctx, input }: { ctx: Ctx; input: PasscodeBody }) {
  requireStepUp(ctx);
  const me = callerOf(ctx);
  const hash = await hashSecret(input.requestData.passcode);
  await ctx.db.update(users).set({ creditSharePasscodeHash: hash }).where(eq(users.id, me.userId));
  // A new passcode invalidates every earlier validation.
  await ctx.db.update(sessions).set({ passcodeValidatedAt: null }).where(eq(sessions.userId, me.userId));
  await audit(ctx, { action: 'profile.passcode.update', targetType: 'user', targetId: me.userId });
}

/**
 * Checks the passcode and remembers the success on this session: credit moves from the
 * reseller list need one within the last minutes. Failures count toward the brute-force limit.
 */
export async function validatePasscode({ ctx, input }: { ctx: Ctx; input: PasscodeBody }) {
  const me = callerOf(ctx);
  const attempt = await takeAttempt(ctx, passcodeLimits(ctx, me.userId));
  const [row] = await ctx.db.select({ hash: users.creditSharePasscodeHash }).from(users).where(eq(users.id, me.userId));
  if (!row?.hash) {
    await attempt.giveBack();
    throw new AppError('PASSCODE_NOT_SET');
  }
  if (!(await verifySecret(row.hash, input.requestData.passcode))) throw new AppError('INVALID_PASSCODE');
  await attempt.passed();
  await ctx.db.update(sessions).set({ passcodeValidatedAt: sql`now()` }).where(eq(sessions.id, me.sessionId));
}
