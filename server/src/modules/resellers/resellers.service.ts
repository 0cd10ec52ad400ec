import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  RESELLER_ROLE,
  SUB_RESELLER_ROLE,
  type AddResellerBody,
  type AssignResellerBody,
  type EditResellerBody,
  type ResellerPasswordBody,
  type ResellersQuery,
  type SubResellersQuery,
  type SwitchAssignQuery,
  type AuditDetails,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { adminRoleId, liveRole } from '../../db/roles.js';
import { applications, permissions, resellerApplications, rolePermissions, roles, sessions, users } from '../../db/schema.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { saveImage, type UploadedFile } from '../../http/uploads.js';
import { audit } from '../../lib/audit.js';
import { whereOf, type Filter } from '../../lib/shaped-statement.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashSecret, randomToken, sha256 } from '../../lib/secrets.js';
import { decryptSecret, encryptSecret, serverKey } from '../../lib/server-key.js';
import { sendInvitation } from '../auth/auth.service.js';
import { refreshRequirementBelow } from '../two-factor/requirement.service.js';
import { createsCycle, idInReach, lockHierarchy, targetWithinReach } from './hierarchy.js';
import * as repository from './resellers.repository.js';
import { requireStepUp } from '../../http/step-up.js';

const lastPage = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

function visibility(ctx: Ctx): repository.RowVisibility {
  const me = callerOf(ctx);
  return { passcode: me.permissions.has('Credit Passcode'), loginIp: me.permissions.has('Login Ip') };
}

/** Non-admin accounts the caller may choose as a parent: every one for an admin, else itself and its sub-resellers. */
function visibleAccounts(ctx: Ctx, state: 'live' | 'removed'): (Filter | undefined)[] {
  const me = callerOf(ctx);
  return [repository.notAdmin, state === 'live' ? repository.live : repository.removed, me.isAdmin ? undefined : repository.reachOf(me.userId)];
}

/** The reseller lists and their count: every reseller for an admin, a reseller's own sub-resellers (never itself). */
function listedResellers(ctx: Ctx, state: 'live' | 'removed'): (Filter | undefined)[] {
  const me = callerOf(ctx);
  return [...visibleAccounts(ctx, state), me.isAdmin ? undefined : repository.childrenOf(me.userId)];
}

export async function listResellers({ ctx, query, state }: { ctx: Ctx; query: ResellersQuery; state: 'live' | 'removed' }) {
  const { rows, total } = await repository.resellerPage(ctx.db, {
    filters: [...listedResellers(ctx, state), repository.keywordCondition(query.search_title)],
    page: query.page_number,
    pageSize: query.page_size,
    sortKey: query.sort_key,
    sortType: query.sort_type,
    visible: visibility(ctx),
  });
  return {
    data: { data: rows },
    meta: { current_page: query.page_number, last_page: lastPage(total, query.page_size), total, per_page: query.page_size },
  };
}

/** The dashboard tile: the same accounts as the reseller list shows, without a keyword. */
export async function countResellers(ctx: Ctx) {
  return repository.countAccounts(ctx.db, whereOf(listedResellers(ctx, 'live')));
}

async function roleIdNamed(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(and(sql`lower(${roles.name}) = ${name}`, liveRole));
  // The start-up seed recreates the default roles, so this means a damaged database.
  if (!row) throw new Error(`the default role ${name} is missing`);
  return row.id;
}

/** Application ids the caller may give: every application for an admin, else its own `application_allowed`. */
async function assertApplicationsGivable(ctx: Ctx, db: DbOrTx, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const me = callerOf(ctx);
  const known = await db.select({ id: applications.id }).from(applications).where(inArray(applications.id, unique));
  if (known.length !== unique.length) throw fieldError('application_allowed', 'validation.invalid');
  if (!me.isAdmin) {
    const own = await db
      .select({ id: resellerApplications.applicationId })
      .from(resellerApplications)
      .where(and(eq(resellerApplications.userId, me.userId), inArray(resellerApplications.applicationId, unique)));
    if (own.length !== unique.length) throw fieldError('application_allowed', 'validation.applicationNotAllowed');
  }
  return unique.sort((a, b) => a - b);
}

async function allowedApplicationIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: resellerApplications.applicationId }).from(resellerApplications).where(eq(resellerApplications.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Add reseller (role 'reseller', no parent) and add sub-reseller (role 'sub-reseller', the caller
 * as parent). The new account chooses its password from the create-password mail.
 */
export async function addReseller({ ctx, input, sub }: { ctx: Ctx; input: AddResellerBody; sub: boolean }) {
  const me = callerOf(ctx);
  const { name, email, application_allowed } = input.requestData;
  const created = await ctx.db.transaction(async (tx) => {
    const apps = await assertApplicationsGivable(ctx, tx, application_allowed);
    const roleId = await roleIdNamed(tx, sub ? SUB_RESELLER_ROLE : RESELLER_ROLE);
    let row: { id: number; name: string; email: string };
    try {
      [row] = (await tx
        .insert(users)
        .values({ name, email, roleId, createdBy: me.userId, parentResellerId: sub ? me.userId : null })
        .returning({ id: users.id, name: users.name, email: users.email })) as [typeof row];
    } catch (error) {
      // A removed account keeps its address: it stays taken (business-panel.md, issue 3).
      if (isUniqueViolation(error)) throw fieldError('email', 'validation.taken');
      throw error;
    }
    await tx.insert(resellerApplications).values(apps.map((applicationId) => ({ userId: row.id, applicationId })));
    // Under a parent that requires a second factor of its tree, the new account must have one too.
    if (sub) await refreshRequirementBelow(tx, row.id);
    await audit(
      ctx,
      { action: sub ? 'reseller.create-sub' : 'reseller.create', targetType: 'user', targetId: row.id, details: { email, applications: apps } },
      tx,
    );
    return row;
  });
  await sendInvitation(ctx, created);
  return created.id;
}

async function isAdminAccount(db: DbOrTx, account: { roleId: number }) {
  return account.roleId === (await adminRoleId(db));
}

export async function showReseller({ ctx, id }: { ctx: Ctx; id: number }) {
  const target = await targetWithinReach(ctx, id);
  return {
    id: target.id,
    name: target.name,
    email: target.email,
    application_allowed: JSON.stringify(await allowedApplicationIds(ctx.db, target.id)),
    status: target.status,
  };
}

/**
 * A password set by the account's admin or parent verifies the address: whoever hands the password
 * over vouches for it, so the account signs in with it at once (the audit row says so).
 */
function vouchedAddress(target: { emailVerifiedAt: Date | null }): { emailVerifiedAt?: Date } {
  return target.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() };
}

export async function editReseller({ ctx, id, input }: { ctx: Ctx; id: number; input: EditResellerBody }) {
  const me = callerOf(ctx);
  const { name, email, password, application_allowed, status } = input.requestData;
  // Another account's password or e-mail is its sign-in: a step-up, as for one's own.
  if (password) requireStepUp(ctx);
  const passwordHash = password ? await hashSecret(password) : undefined;
  await ctx.db.transaction(async (tx) => {
    const target = await targetWithinReach(ctx, id, { db: tx, lock: true });
    // Admin accounts are never edited here, not even an admin's own (business-panel.md §1).
    if (await isAdminAccount(tx, target)) throw new AppError('C10014');
    const changes: AuditDetails<'reseller.update'> = {};
    if (application_allowed) {
      const current = await allowedApplicationIds(tx, id);
      const wanted = [...new Set(application_allowed)].sort((a, b) => a - b);
      if (JSON.stringify(current) !== JSON.stringify(wanted)) {
        if (!me.permissions.has('edit-allowed-applications')) throw new AppError('FORBIDDEN');
        const apps = await assertApplicationsGivable(ctx, tx, wanted);
        await tx.delete(resellerApplications).where(eq(resellerApplications.userId, id));
        await tx.insert(resellerApplications).values(apps.map((applicationId) => ({ userId: id, applicationId })));
        // Its sub-resellers keep only applications their parent still has.
        await tx
          .delete(resellerApplications)
          .where(
            and(
              inArray(resellerApplications.userId, tx.select({ id: users.id }).from(users).where(eq(users.parentResellerId, id))),
              notInArray(resellerApplications.applicationId, apps),
            ),
          );
        changes.applications = apps;
      }
    }
    const update: Partial<typeof users.$inferInsert> = { name };
    if (email !== target.email) {
      requireStepUp(ctx);
      update.email = email;
      update.oldEmail = target.email;
      changes.email = email;
    }
    if (status !== undefined) update.status = status;
    if (passwordHash) {
      update.passwordHash = passwordHash;
      Object.assign(update, vouchedAddress(target));
      if (!target.emailVerifiedAt) changes.emailVerified = true;
    }
    try {
      await tx.update(users).set(update).where(eq(users.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('email', 'validation.taken');
      throw error;
    }
    // A new password or an inactive status ends the account's sessions now.
    if (passwordHash || status === 0) await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(
      ctx,
      { action: 'reseller.update', targetType: 'user', targetId: id, details: { name, status, passwordChanged: Boolean(passwordHash), ...changes } },
      tx,
    );
  });
}

export async function changeResellerPassword({ ctx, id, input }: { ctx: Ctx; id: number; input: ResellerPasswordBody }) {
  requireStepUp(ctx);
  const adminKey = 'errors.adminPasswordChange';
  const target = await targetWithinReach(ctx, id, { adminKey });
  if (await isAdminAccount(ctx.db, target)) throw new AppError('C10014', { key: adminKey });
  const passwordHash = await hashSecret(input.requestData.password);
  await ctx.db.transaction(async (tx) => {
    const locked = await targetWithinReach(ctx, id, { db: tx, lock: true, adminKey });
    await tx.update(users).set({ passwordHash, ...vouchedAddress(locked) }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(ctx, { action: 'reseller.password', targetType: 'user', targetId: id, details: locked.emailVerifiedAt ? undefined : { emailVerified: true } }, tx);
  });
}

/** Soft removal: balance, ledger and history stay, the e-mail stays taken, the sessions end now. */
export async function removeReseller({ ctx, id }: { ctx: Ctx; id: number }) {
  if (id === callerOf(ctx).userId) throw new AppError('SELF_ACTION');
  await ctx.db.transaction(async (tx) => {
    await targetWithinReach(ctx, id, { db: tx, lock: true, adminKey: 'errors.adminAccountDelete' });
    await tx.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(ctx, { action: 'reseller.remove', targetType: 'user', targetId: id }, tx);
  });
}

export async function reactivateReseller({ ctx, id }: { ctx: Ctx; id: number }) {
  await ctx.db.transaction(async (tx) => {
    const target = await targetWithinReach(ctx, id, { db: tx, lock: true, includeRemoved: true });
    if (!target.deletedAt) throw new AppError('CONFLICT', { key: 'errors.notRemoved' });
    // Its role may have been deleted while it was removed: it comes back with the default role of its place.
    const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.id, target.roleId), liveRole));
    const roleId = role?.id ?? (await roleIdNamed(tx, target.parentResellerId === null ? RESELLER_ROLE : SUB_RESELLER_ROLE));
    await tx.update(users).set({ deletedAt: null, roleId }).where(eq(users.id, id));
    await audit(ctx, { action: 'reseller.reactivate', targetType: 'user', targetId: id, details: roleId === target.roleId ? undefined : { role: roleId } }, tx);
  });
}

/**
 * Sub-reseller to reseller: no parent any more and the 'reseller' role; its balance, ledger and
 * its own sub-resellers stay as they are. Refusals carry the messages of business-panel.md §8.
 * A new role is a grant of power: a step-up first.
 */
export async function promoteSubReseller({ ctx, id }: { ctx: Ctx; id: number }) {
  requireStepUp(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockHierarchy(tx);
    let target;
    try {
      target = await targetWithinReach(ctx, id, { db: tx, lock: true });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('BAD_REQUEST', { key: 'errors.subResellerNotFound' });
      throw error;
    }
    if (target.parentResellerId === null) throw new AppError('VALIDATION', { key: 'errors.resellerAssignmentFailed' });
    const roleId = await roleIdNamed(tx, RESELLER_ROLE);
    await tx.update(users).set({ parentResellerId: null, roleId }).where(eq(users.id, id));
    await refreshRequirementBelow(tx, id);
    await audit(ctx, { action: 'reseller.promote', targetType: 'user', targetId: id, details: { formerParent: target.parentResellerId, role: roleId } }, tx);
  });
}

/**
 * Gives an account another role. Every refusal is C10006 (the only code the client reacts to here):
 * admin accounts, the caller itself, accounts outside its reach, the admin role, and any role with
 * a permission the caller does not hold itself (no one hands out more than they have). A grant of
 * power: a step-up first.
 */
export async function changeResellerRole({ ctx, id, roleId }: { ctx: Ctx; id: number; roleId: number }) {
  requireStepUp(ctx);
  const me = callerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    if (id === me.userId) throw new AppError('C10006');
    try {
      await targetWithinReach(ctx, id, { db: tx, lock: true });
    } catch (error) {
      if (error instanceof AppError && (error.code === 'C10013' || error.code === 'C10014')) throw new AppError('C10006');
      throw error;
    }
    const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.id, roleId), liveRole));
    if (!role) throw fieldError('role_id', 'validation.roleRequired');
    if (roleId === (await adminRoleId(tx))) throw new AppError('C10006');
    if (!me.isAdmin) {
      const names = await tx
        .select({ name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(rolePermissions.roleId, roleId));
      if (names.some((p) => !me.permissions.has(p.name))) throw new AppError('C10006');
    }
    await tx.update(users).set({ roleId }).where(eq(users.id, id));
    await audit(ctx, { action: 'reseller.role', targetType: 'user', targetId: id, details: { role: roleId } }, tx);
  });
}

/** An account the caller may look at: itself, or one within reach. */
async function visibleAccount(ctx: Ctx, id: number) {
  const row = await repository.accountWithParent(ctx.db, id);
  if (!row || row.deletedAt) throw new AppError('NOT_FOUND');
  if (!idInReach(ctx, row)) throw new AppError('C10013');
  return row;
}

export async function parentOf({ ctx, id }: { ctx: Ctx; id: number }) {
  const row = await visibleAccount(ctx, id);
  if (row.parentResellerId === null || row.parentEmail === null) throw new AppError('NOT_FOUND', { key: 'errors.noParentReseller' });
  return { id: row.parentResellerId, name: row.parentName ?? '', email: row.parentEmail };
}

/** A reseller lists its own sub-resellers; an admin those of any account. */
export async function subResellers({ ctx, id, query }: { ctx: Ctx; id: number; query: SubResellersQuery }) {
  const me = callerOf(ctx);
  if (!me.isAdmin && id !== me.userId) throw new AppError('C10013');
  const owner = await repository.accountWithParent(ctx.db, id);
  if (!owner || owner.deletedAt) throw new AppError('NOT_FOUND');
  const { rows, total } = await repository.resellerPage(ctx.db, {
    filters: [repository.childrenOf(id), repository.live, repository.keywordCondition(query.search)],
    page: query.page,
    pageSize: query.pageSize,
    sortKey: query.sort_key,
    sortType: query.sort_type,
    visible: visibility(ctx),
  });
  return {
    data: { IBOReseller: rows, reseller: { id: owner.id, name: owner.name, email: owner.email } },
    pagination: { currentPage: query.page, totalPages: lastPage(total, query.pageSize), totalItems: total },
  };
}

/** Parents to choose from when switching or assigning: live non-admin accounts within reach. */
export async function switchAssignCandidates({ ctx, query }: { ctx: Ctx; query: SwitchAssignQuery }) {
  return repository.candidateParents(ctx.db, whereOf([...visibleAccounts(ctx, 'live'), repository.keywordCondition(query.query)]));
}

export async function subResellerDetail({ ctx, id }: { ctx: Ctx; id: number }) {
  await targetWithinReach(ctx, id);
  const row = (await repository.accountWithParent(ctx.db, id))!;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    parent_reseller_id: row.parentResellerId,
    parent_reseller:
      row.parentResellerId !== null && row.parentEmail !== null ? { id: row.parentResellerId, name: row.parentName ?? '', email: row.parentEmail } : null,
  };
}

/**
 * Switch or assign a parent. The moved account keeps its balance and its own sub-resellers; the new
 * parent must be a live non-admin account the caller reaches, and never the account itself or one
 * of its descendants (checked under the hierarchy lock, so two moves cannot close a loop together).
 */
export async function assignReseller({ ctx, input }: { ctx: Ctx; input: AssignResellerBody }) {
  const { subResellerId, resellerId } = input.requestData;
  await ctx.db.transaction(async (tx) => {
    await lockHierarchy(tx);
    const child = await targetWithinReach(ctx, subResellerId, { db: tx, lock: true });
    if (await isAdminAccount(tx, child)) throw new AppError('C10014');
    if (child.id === resellerId) throw new AppError('VALIDATION', { key: 'errors.notParentOfSelf', fields: { resellerId: ['errors.notParentOfSelf'] } });
    const [parent] = await tx.select().from(users).where(and(eq(users.id, resellerId), isNull(users.deletedAt)));
    if (!parent) throw fieldError('resellerId', 'validation.resellerRequired');
    if (await isAdminAccount(tx, parent)) throw new AppError('C10014');
    if (!idInReach(ctx, parent)) throw new AppError('C10013');
    if (child.parentResellerId === parent.id) return;
    if (await createsCycle(tx, child.id, parent.id)) {
      throw new AppError('VALIDATION', { key: 'errors.hierarchyCycle', fields: { resellerId: ['errors.hierarchyCycle'] } });
    }
    await tx.update(users).set({ parentResellerId: parent.id }).where(eq(users.id, child.id));
    // The moved tree takes the requirement of its new ancestors and leaves the old ones'.
    await refreshRequirementBelow(tx, child.id);
    await audit(ctx, { action: 'reseller.assign', targetType: 'user', targetId: child.id, details: { from: child.parentResellerId, to: parent.id } }, tx);
  });
}

/** Itself, or an account within reach (logo and API key: a reseller may read its own). */
async function selfOrWithinReach(ctx: Ctx, id: number) {
  if (id === callerOf(ctx).userId) {
    const [me] = await ctx.db.select().from(users).where(eq(users.id, id));
    return me!;
  }
  return targetWithinReach(ctx, id);
}

/** The logo is checked by its content (http/uploads.ts) and stored under a content-hash name. */
export async function uploadLogo({ ctx, id, file }: { ctx: Ctx; id: number; file: UploadedFile | undefined }) {
  await selfOrWithinReach(ctx, id);
  if (!file) throw fieldError('logo', 'validation.logoRequired');
  const logoPath = await saveImage(ctx, file);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ logoPath }).where(eq(users.id, id));
    await audit(ctx, { action: 'reseller.logo', targetType: 'user', targetId: id, details: { logoPath } }, tx);
  });
  return logoPath;
}

/**
 * The API key: made on first request (256 random bits), kept encrypted with the server key so it
 * can be shown again, and found by its SHA-256 when it arrives as a bearer token. Admin accounts
 * have none.
 */
/** Reveals a reseller's API key, creating it the first time: a secret, so after a step-up. */
export async function apiKey({ ctx, id }: { ctx: Ctx; id: number }) {
  requireStepUp(ctx);
  const target = await selfOrWithinReach(ctx, id);
  if (await isAdminAccount(ctx.db, target)) throw new AppError('C10014', { key: 'errors.apiKeyAdmin' });
  const key = serverKey(ctx.config);
  if (!target.apiKeyEncrypted) {
    const fresh = `rk_${randomToken()}`;
    // Two first requests at once: only one key is written, both answer the stored one.
    await ctx.db
      .update(users)
      .set({ apiKeyEncrypted: encryptSecret(key, fresh), apiKeyHash: sha256(fresh) })
      .where(and(eq(users.id, id), isNull(users.apiKeyEncrypted)));
    await audit(ctx, { action: 'reseller.api-key.create', targetType: 'user', targetId: id });
  }
  const [row] = await ctx.db.select({ encrypted: users.apiKeyEncrypted, apiAccess: users.apiAccess }).from(users).where(eq(users.id, id));
  await audit(ctx, { action: 'reseller.api-key.view', targetType: 'user', targetId: id });
  return { api_key: decryptSecret(key, row!.encrypted!), api_access: row!.apiAccess };
}

/**
 * Enabling or disabling takes effect on the next request: the bearer look-up reads the flag every time.
 * Enabling lets the account's keys act for it (a grant of power): a step-up first; disabling only
 * takes power away.
 */
export async function setApiAccess({ ctx, id, enabled }: { ctx: Ctx; id: number; enabled: boolean }) {
  if (enabled) requireStepUp(ctx);
  await ctx.db.transaction(async (tx) => {
    const target = await targetWithinReach(ctx, id, { db: tx, lock: true });
    if (await isAdminAccount(tx, target)) throw new AppError('C10014', { key: 'errors.apiKeyAdmin' });
    await tx.update(users).set({ apiAccess: enabled ? 1 : 0 }).where(eq(users.id, id));
    await audit(ctx, { action: enabled ? 'reseller.api-access.enable' : 'reseller.api-access.disable', targetType: 'user', targetId: id }, tx);
  });
  return enabled ? 1 : 0;
}
