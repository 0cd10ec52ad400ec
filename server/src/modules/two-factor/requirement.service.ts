import { eq, inArray, sql } from 'drizzle-orm';
import type { ProfileSecurityBody, SecuritySettings, SecuritySettingsBody } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { mustSetUpSecondFactor } from '../../http/auth.js';
import { callerOf, type Auth, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { TWO_FACTOR_REQUIRED_ADMINS, TWO_FACTOR_REQUIRED_RESELLERS } from '../../db/settings-keys.js';

/**
 * Who may require a second factor (issue 24, "Enforcement"): the admin, of every admin account and
 * of every other account (two switches in the settings table), and a parent reseller, of its whole
 * tree of sub-resellers (a flag on the parent, copied down the tree: see `refreshRequirementBelow`).
 * The session look-up reads all three in its one statement (http/auth.ts).
 */

/** Security settings are changed in a session of the account itself: a bot's API key never turns a rule off. */
function sessionCaller(ctx: Ctx) {
  const me = callerOf(ctx);
  if (me.viaApiKey) throw new AppError('SESSION_REQUIRED');
  return me;
}

/**
 * The fields the sign-in and profile answers add for the web app (go to the setup screen, and who
 * asks), only where a rule applies: the specification's answer stays exactly as it was otherwise.
 */
export function twoFactorSetupAnswer(auth: Auth) {
  if (!auth.twoFactorRequiredBy) return {};
  return { two_factor_setup_required: mustSetUpSecondFactor(auth), two_factor_required_by: auth.twoFactorRequiredBy };
}

export async function adminSettings(ctx: Ctx): Promise<SecuritySettings> {
  const rows = await ctx.db
    .select()
    .from(settings)
    .where(inArray(settings.key, [TWO_FACTOR_REQUIRED_ADMINS, TWO_FACTOR_REQUIRED_RESELLERS]));
  const on = (key: string) => rows.some((r) => r.key === key && r.value === 'true');
  return { require_two_factor_admins: on(TWO_FACTOR_REQUIRED_ADMINS), require_two_factor_resellers: on(TWO_FACTOR_REQUIRED_RESELLERS) };
}

/**
 * The admin's switches. Every session reads them on its next request, on every node: nothing to
 * copy to the accounts. An admin who requires it of admins while having no factor itself is then
 * sent to its own setup like any other admin. The panel's protection for every account: a step-up
 * first (a stolen session must not turn it off).
 */
export async function updateAdminSettings({ ctx, input }: { ctx: Ctx; input: SecuritySettingsBody }): Promise<SecuritySettings> {
  const me = sessionCaller(ctx);
  requireStepUp(ctx);
  // As GitHub asks of an organisation's owner: the rule's author has a factor itself, else its own
  // next request would lock it out of the switch it just turned on.
  if (input.require_two_factor_admins && !me.hasSecondFactor) throw new AppError('TWO_FACTOR_NOT_ON', { key: 'errors.twoFactorOwnFirst' });
  const changes = [
    [TWO_FACTOR_REQUIRED_ADMINS, input.require_two_factor_admins],
    [TWO_FACTOR_REQUIRED_RESELLERS, input.require_two_factor_resellers],
  ] as const;
  await ctx.db.transaction(async (tx) => {
    for (const [key, value] of changes) {
      if (value === undefined) continue;
      await tx
        .insert(settings)
        .values({ key, value: String(value) })
        .onConflictDoUpdate({ target: settings.key, set: { value: String(value) } });
    }
    await audit(ctx, { action: 'two_factor.requirement', targetType: 'settings', details: { ...input } }, tx);
  });
  return adminSettings(ctx);
}

export async function profileSecurity(ctx: Ctx) {
  const me = sessionCaller(ctx);
  const [row] = await ctx.db.select({ below: users.requireTwoFactorBelow }).from(users).where(eq(users.id, me.userId));
  return { require_two_factor_sub_resellers: row?.below ?? false };
}

/** A parent's switch: its whole tree of sub-resellers must have a second factor (or no longer must). */
export async function updateProfileSecurity({ ctx, input }: { ctx: Ctx; input: ProfileSecurityBody }) {
  const me = sessionCaller(ctx);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ requireTwoFactorBelow: input.require_two_factor_sub_resellers }).where(eq(users.id, me.userId));
    await refreshRequirementBelow(tx, me.userId);
    await audit(
      ctx,
      { action: 'two_factor.requirement', targetType: 'user', targetId: me.userId, details: { require_two_factor_sub_resellers: input.require_two_factor_sub_resellers } },
      tx,
    );
  });
  return { require_two_factor_sub_resellers: input.require_two_factor_sub_resellers };
}

/**
 * Sets `twoFactorRequiredByParent` right for `rootId` and its whole tree in one statement: walks down
 * from the root, each account required when its parent is, or its parent's switch is on. Called by
 * the switch and by every change of a parent (a sub-reseller created, assigned elsewhere, promoted),
 * in the transaction of that change. The depth bound stops the walk on damaged data (a loop).
 */
export async function refreshRequirementBelow(tx: DbOrTx, rootId: number) {
  await tx.execute(sql`
    with recursive tree(id, required, below, depth) as (
      select u.id,
        coalesce((select p.require_two_factor_below or p.two_factor_required_by_parent from users p where p.id = u.parent_reseller_id), false),
        u.require_two_factor_below, 0
      from users u where u.id = ${rootId}
      union all
      select c.id, t.required or t.below, c.require_two_factor_below, t.depth + 1
      from users c join tree t on c.parent_reseller_id = t.id
      where t.depth < 1000
    )
    update users set two_factor_required_by_parent = tree.required
    from tree where users.id = tree.id and users.two_factor_required_by_parent <> tree.required`);
}
