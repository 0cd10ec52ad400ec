import { eq, sql } from 'drizzle-orm';
import { adminRoleId } from '../../db/roles.js';
import { sessions, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { accountLocale, adminSuspensionMail } from '../../mail/templates.js';

/**
 * The panel's owner (the first admin, `users.owner`) suspends or reinstates another admin (issue 39).
 * An admin account cannot be edited, demoted, disabled or deleted by anyone else (C10014, as the
 * specification requires), so without this an admin added through a stolen session could never be
 * stopped. Suspension edits nothing of the account (name, e-mail, role and data stay): it sets
 * `suspended_at`, which the session and key look-up of every node reads on every request
 * (`accountUsable` in src/http/auth.ts) and sign-in refuses; the account's sessions are deleted too.
 *
 * Refusals: STEP_UP_REQUIRED first, before anything is read or changed; OWNER_ONLY (403) for any
 * caller but the owner, so nobody suspends the owner; SELF_ACTION (403) for the owner itself;
 * NOT_FOUND (404) for no such live account; NOT_AN_ADMIN (409) for an account that is not an admin
 * (those are disabled with their status switch). Asking for the state the admin is already in
 * changes nothing and writes no audit row or mail, so a double click mails once.
 */
export async function suspendAdmin({ ctx, id }: { ctx: Ctx; id: number }) {
  await changeSuspension(ctx, id, 'suspended');
}

export async function reinstateAdmin({ ctx, id }: { ctx: Ctx; id: number }) {
  await changeSuspension(ctx, id, 'reinstated');
}

async function changeSuspension(ctx: Ctx, id: number, kind: 'suspended' | 'reinstated') {
  const me = callerOf(ctx);
  requireStepUp(ctx);
  if (!me.owner) throw new AppError('OWNER_ONLY');
  if (id === me.userId) throw new AppError('SELF_ACTION', { key: 'errors.selfSuspend' });
  // Accounts, sessions and their audit rows are the live side's, also when the call came under /api/sandbox.
  const live: Ctx = { ...ctx, db: ctx.database.db };
  const suspend = kind === 'suspended';
  const target = await live.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, name: users.name, email: users.email, locale: users.locale, roleId: users.roleId, deletedAt: users.deletedAt, owner: users.owner, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!account || account.deletedAt) throw new AppError('NOT_FOUND');
    if (account.roleId !== (await adminRoleId(tx))) throw new AppError('NOT_AN_ADMIN');
    // The caller is the one owner (a unique index keeps it one) and not the target: never reached, kept as the rule.
    if (account.owner) throw new AppError('OWNER_ONLY');
    if ((account.suspendedAt !== null) === suspend) return undefined;
    await tx.update(users).set({ suspendedAt: suspend ? sql`now()` : null }).where(eq(users.id, id));
    // The look-up already refuses them on every node; deleting them also empties the admin's sessions list.
    if (suspend) await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(live, { action: suspend ? 'user.suspend' : 'user.reinstate', targetType: 'user', targetId: id }, tx);
    return account;
  });
  if (!target) return;
  try {
    await ctx.mailer.send(adminSuspensionMail(accountLocale(target.locale), target, { kind, by: me.name, at: new Date() }));
  } catch (error) {
    // The change stands (the sessions are already gone); a lost mail must not undo it.
    ctx.log.error({ err: error }, `admin ${kind} mail not sent`);
  }
}
