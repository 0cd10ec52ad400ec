import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_MIN_LENGTH,
  type RoleBody,
  type UserBody,
  type UsersQuery,
  type UserStatusBody,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { permissions, rolePermissions, roles, sessions, totpFactors, users } from '../../db/schema.js';
import { adminRoleId, liveRole } from '../../db/roles.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { sendInvitation } from '../auth/auth.service.js';
import { targetWithinReach } from '../resellers/hierarchy.js';
import { nameOrEmailContains } from '../../lib/like.js';

export async function permissionGroups(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: permissions.id, name: permissions.name, group: permissions.groupName })
    .from(permissions)
    .orderBy(asc(permissions.sortOrder));
  const groups = new Map<string, { id: number; name: string }[]>();
  for (const row of rows) {
    const list = groups.get(row.group) ?? [];
    list.push({ id: row.id, name: row.name });
    groups.set(row.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, permissions: list }));
}

export async function listRoles(ctx: Ctx) {
  const result = await ctx.db.execute(sql`
    select r.id, r.name,
      (select count(*)::int from users u where u.role_id = r.id and u.deleted_at is null) as total,
      coalesce((select array_agg(rp.permission_id order by rp.permission_id) from role_permissions rp where rp.role_id = r.id), '{}') as permissions
    from roles r where r.deleted_at is null order by r.id`);
  return (result as { rows: { id: number; name: string; total: number; permissions: number[] }[] }).rows;
}

async function assertPermissionIds(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  const [row] = await db.select({ n: count() }).from(permissions).where(inArray(permissions.id, unique));
  if (row!.n !== unique.length) throw fieldError('permissions', 'validation.invalid');
  return unique;
}

/**
 * A role is a bundle of permissions for every account that holds it: creating, editing or deleting
 * one is a grant of power, so a step-up comes first (as for giving an account a role).
 */
export async function createRole({ ctx, input }: { ctx: Ctx; input: RoleBody }) {
  requireStepUp(ctx);
  return ctx.db.transaction(async (tx) => {
    const ids = await assertPermissionIds(tx, input.permissions);
    let role: { id: number };
    try {
      [role] = (await tx.insert(roles).values({ name: input.name }).returning({ id: roles.id })) as [typeof role];
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', 'validation.taken');
      throw error;
    }
    await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role.id, permissionId })));
    await audit(ctx, { action: 'role.create', targetType: 'role', targetId: role.id, details: { name: input.name, permissions: ids } }, tx);
    return role.id;
  });
}

export async function updateRole({ ctx, id, input }: { ctx: Ctx; id: number; input: RoleBody }) {
  requireStepUp(ctx);
  await ctx.db.transaction(async (tx) => {
    if (id === (await adminRoleId(tx))) throw new AppError('FIRST_ROLE');
    const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.id, id), liveRole));
    if (!role) throw new AppError('NOT_FOUND');
    const ids = await assertPermissionIds(tx, input.permissions);
    try {
      await tx.update(roles).set({ name: input.name }).where(eq(roles.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('name', 'validation.taken');
      throw error;
    }
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: id, permissionId })));
    await tx.update(roles).set({ version: sql`${roles.version} + 1` }).where(eq(roles.id, id));
    await audit(ctx, { action: 'role.update', targetType: 'role', targetId: id, details: { name: input.name, permissions: ids } }, tx);
  });
}

export async function deleteRole({ ctx, id }: { ctx: Ctx; id: number }) {
  requireStepUp(ctx);
  await ctx.db.transaction(async (tx) => {
    if (id === (await adminRoleId(tx))) throw new AppError('FIRST_ROLE');
    const [role] = await tx.select({ id: roles.id, name: roles.name }).from(roles).where(and(eq(roles.id, id), liveRole)).for('update');
    if (!role) throw new AppError('NOT_FOUND');
    // Only live accounts hold a role for this rule, as the role list counts them.
    const [inUse] = await tx.select({ n: count() }).from(users).where(and(eq(users.roleId, id), isNull(users.deletedAt)));
    if (inUse!.n > 0) throw new AppError('ROLE_IN_USE', { params: { count: inUse!.n } });
    // Removed accounts keep pointing at it, so their history still says what they were.
    await tx.update(roles).set({ deletedAt: sql`now()` }).where(eq(roles.id, id));
    await audit(ctx, { action: 'role.delete', targetType: 'role', targetId: id, details: { name: role.name } }, tx);
  });
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  roleName: roles.name,
  isDisableByAdmin: users.isDisableByAdmin,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  // Passkeys join this test at merge.
  twoFactor: sql<boolean>`exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null)`,
  suspendedAt: users.suspendedAt,
  owner: users.owner,
};

type UserRow = {
  id: number;
  name: string;
  email: string;
  roleId: number;
  roleName: string;
  isDisableByAdmin: number;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  twoFactor: boolean;
  suspendedAt: Date | null;
  owner: boolean;
};

function toUser(row: UserRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: [{ id: row.roleId, name: row.roleName }],
    is_disable_by_admin: row.isDisableByAdmin,
    email_verified: row.emailVerifiedAt !== null,
    created_at: new Date(row.createdAt).toISOString(),
    two_factor: row.twoFactor,
    suspended: row.suspendedAt !== null,
    owner: row.owner,
  };
}

export async function listUsers({ ctx, query }: { ctx: Ctx; query: UsersQuery }) {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  const search = query.search?.trim() ?? '';
  // Shorter keywords are ignored, as the specification's search hint says.
  if (search.length >= SEARCH_MIN_LENGTH) {
    conditions.push(nameOrEmailContains(search));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total!.n / query.page_size)),
    per_page: query.page_size,
    total: total!.n,
    data: rows.map(toUser),
  };
}

async function findUser(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...userColumns, deletedAt: users.deletedAt, parentResellerId: users.parentResellerId })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  if (!row || row.deletedAt) throw new AppError('NOT_FOUND');
  return row;
}

export async function getUser({ ctx, id }: { ctx: Ctx; id: number }) {
  return toUser(await findUser(ctx.db, id));
}

async function assertRoleAssignable(ctx: Ctx, db: DbOrTx, roleId: number) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.id, roleId), liveRole));
  if (!role) throw fieldError('role', 'validation.roleRequired');
  if (roleId === (await adminRoleId(db)) && !callerOf(ctx).isAdmin) throw new AppError('ADMIN_ROLE_RESERVED');
}

/**
 * The new account chooses its own password from the mail it receives. Whatever its role, it gets
 * that role's permissions (the admin role included): a grant of power, after a step-up.
 */
export async function createUser({ ctx, input }: { ctx: Ctx; input: UserBody }) {
  requireStepUp(ctx);
  const me = callerOf(ctx);
  const created = await ctx.db.transaction(async (tx) => {
    await assertRoleAssignable(ctx, tx, input.role);
    let row: { id: number; name: string; email: string };
    try {
      [row] = (await tx
        .insert(users)
        .values({ name: input.name, email: input.email, roleId: input.role, createdBy: me.userId })
        .returning({ id: users.id, name: users.name, email: users.email })) as [typeof row];
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('email', 'validation.taken');
      throw error;
    }
    await audit(ctx, { action: 'user.create', targetType: 'user', targetId: row.id, details: { email: row.email, role: input.role } }, tx);
    return row;
  });
  await sendInvitation(ctx, created);
  return created.id;
}

/** Admin accounts are changed only by themselves (C10014); nobody changes their own role. */
async function assertMayChange(ctx: Ctx, db: DbOrTx, target: { id: number; roleId: number }) {
  const me = callerOf(ctx);
  if (target.id !== me.userId && target.roleId === (await adminRoleId(db))) throw new AppError('C10014');
}

export async function updateUser({ ctx, id, input }: { ctx: Ctx; id: number; input: UserBody }) {
  const me = callerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    await assertMayChange(ctx, tx, target);
    // A new e-mail takes over the account's sign-in (its password reset goes there), a new role
    // grants its permissions (an existing session of the account holds them at once): a step-up first.
    if (input.email !== target.email || input.role !== target.roleId) requireStepUp(ctx);
    if (input.role !== target.roleId) {
      if (id === me.userId) throw new AppError('SELF_ROLE');
      await assertRoleAssignable(ctx, tx, input.role);
    }
    try {
      await tx.update(users).set({ name: input.name, email: input.email, roleId: input.role }).where(eq(users.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('email', 'validation.taken');
      throw error;
    }
    await audit(ctx, { action: 'user.update', targetType: 'user', targetId: id, details: { name: input.name, email: input.email, role: input.role } }, tx);
  });
}

async function assertMayDisableOrDelete(ctx: Ctx, db: DbOrTx, target: { id: number; roleId: number; parentResellerId: number | null }) {
  const me = callerOf(ctx);
  if (target.id === me.userId) throw new AppError('SELF_ACTION');
  if (target.roleId === (await adminRoleId(db))) throw new AppError('C10014', { key: 'errors.adminAccountDelete' });
  // Without the staff permission, a reseller reaches only its own sub-resellers.
  if (!me.isAdmin && !me.permissions.has('user-roles') && target.parentResellerId !== me.userId) throw new AppError('C10013');
}

/** Soft delete: the account's history stays and its e-mail stays taken; its sessions end now. */
export async function deleteUser({ ctx, id }: { ctx: Ctx; id: number }) {
  await ctx.db.transaction(async (tx) => {
    const target = await findUser(tx, id);
    await assertMayDisableOrDelete(ctx, tx, target);
    await tx.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(ctx, { action: 'user.delete', targetType: 'user', targetId: id }, tx);
  });
}

/**
 * Enable or disable an account: reach decided by the reseller hierarchy (a users manager holding
 * 'user-roles' reaches every non-admin account). Every refusal is a 403 'Action Not Allowed'
 * (business-panel.md §8) that keeps its precise code (SELF_ACTION, C10014, C10013).
 */
export async function setUserStatus({ ctx, id, input }: { ctx: Ctx; id: number; input: UserStatusBody }) {
  const notAllowed = (error: unknown) =>
    error instanceof AppError && error.status === 403 ? new AppError(error.code, { key: 'errors.actionNotAllowed' }) : error;
  await ctx.db.transaction(async (tx) => {
    if (id === callerOf(ctx).userId) throw notAllowed(new AppError('SELF_ACTION'));
    await targetWithinReach(ctx, id, { db: tx, lock: true, staffPermission: 'user-roles' }).catch((error: unknown) => {
      throw notAllowed(error);
    });
    await tx.update(users).set({ isDisableByAdmin: input.is_disable_by_admin }).where(and(eq(users.id, id), ne(users.isDisableByAdmin, input.is_disable_by_admin)));
    // A disabled account's sessions stop at once (the session lookup also checks the flag).
    if (input.is_disable_by_admin === 1) await tx.delete(sessions).where(eq(sessions.userId, id));
    await audit(ctx, { action: input.is_disable_by_admin === 1 ? 'user.disable' : 'user.enable', targetType: 'user', targetId: id }, tx);
  });
}
