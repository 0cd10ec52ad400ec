import * as z from 'zod/mini';
import { defaultedField, emailField, ID_MAX, idNumber, idParam, nameField, noNul, optionalField, pageNumberField, queryInt } from './fields.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import type { Permission } from './permissions.js';

export const ROLE_NAME_MAX_LENGTH = 50;

export const roleBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(ROLE_NAME_MAX_LENGTH, 'validation.tooLong'), noNul),
  permissions: z.array(idNumber()).check(z.minLength(1, 'validation.permissionsRequired'), z.maxLength(500)),
});
export type RoleBody = z.infer<typeof roleBody>;

export const role = z.object({
  id: z.number(),
  name: z.string(),
  total: z.number(),
  permissions: z.array(z.number()),
});
export type Role = z.infer<typeof role>;

export const permissionGroup = z.object({
  group: z.string(),
  permissions: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type PermissionGroup = z.infer<typeof permissionGroup>;

export const userBody = z.object({
  name: nameField,
  email: emailField,
  role: z.int('validation.roleRequired').check(z.positive('validation.roleRequired'), z.maximum(ID_MAX, 'validation.roleRequired')),
});
export type UserBody = z.infer<typeof userBody>;

export const user = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.object({ id: z.number(), name: z.string() })),
  is_disable_by_admin: z.number(),
  email_verified: z.boolean(),
  created_at: z.string(),
  /** The account has a second factor on (our addition: the list offers "Reset second factor" only then). */
  two_factor: z.optional(z.boolean()),
  /** The panel's owner suspended this admin (our addition): it cannot sign in and its sessions ended. */
  suspended: z.boolean(),
  /** The panel's owner, the first admin (our addition): the only account that suspends and reinstates admins. */
  owner: z.boolean(),
});
export type User = z.infer<typeof user>;

export const usersQuery = z.object({
  page: pageNumberField,
  page_size: defaultedField(queryInt(1, MAX_PAGE_SIZE), DEFAULT_PAGE_SIZE),
  search: optionalField(z.string().check(z.maxLength(100, 'validation.tooLong'), noNul)),
});
export type UsersQuery = z.infer<typeof usersQuery>;

export const userStatusBody = z.object({ is_disable_by_admin: z.union([z.literal(0), z.literal(1)]) });
export type UserStatusBody = z.infer<typeof userStatusBody>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────

export const permissionGroupsAnswer = ok({ data: z.array(permissionGroup) });
export type PermissionGroupsAnswer = z.infer<typeof permissionGroupsAnswer>;

export const rolesAnswer = ok({ roles: z.array(role), data: z.array(role) });
export type RolesAnswer = z.infer<typeof rolesAnswer>;

/** A role or a user made: its id. */
export const createdIdAnswer = ok({ data: z.object({ id: z.number() }) });
export type CreatedIdAnswer = z.infer<typeof createdIdAnswer>;

export const usersAnswer = ok({
  users: z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number(), data: z.array(user) }),
});
export type UsersAnswer = z.infer<typeof usersAnswer>;

export const userAnswer = ok({ data: user });
export type UserAnswer = z.infer<typeof userAnswer>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['users and roles'];
/** Who reads the roles and the permissions a role may hold. */
const roleReaders: readonly Permission[] = ['user-roles', 'add-role', 'change-role', 'update-role'];

export const permissionGroupsEndpoint = endpoint({ method: 'GET', path: '/permissions', tags, permission: roleReaders, answer: permissionGroupsAnswer });

export const listRolesEndpoint = endpoint({ method: 'GET', path: '/get-roles', tags, permission: roleReaders, answer: rolesAnswer });

export const addRoleEndpoint = endpoint({
  method: 'POST',
  path: '/add-roles',
  tags,
  permission: 'add-role',
  body: roleBody,
  answer: createdIdAnswer,
  status: 201,
});

export const editRoleEndpoint = endpoint({
  method: 'PUT',
  path: '/edit-roles/:id',
  tags,
  permission: 'change-role',
  params: idParam,
  body: roleBody,
  answer: okEnvelope,
});

export const deleteRoleEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-roles/:id',
  tags,
  permission: 'delete-role',
  params: idParam,
  answer: okEnvelope,
});

export const listUsersEndpoint = endpoint({ method: 'GET', path: '/users', tags, permission: 'user-roles', query: usersQuery, answer: usersAnswer });

export const getUserEndpoint = endpoint({ method: 'GET', path: '/users/:id', tags, permission: 'user-roles', params: idParam, answer: userAnswer });

export const addUserEndpoint = endpoint({
  method: 'POST',
  path: '/users',
  tags,
  permission: 'user-roles',
  body: userBody,
  answer: createdIdAnswer,
  status: 201,
});

export const editUserEndpoint = endpoint({
  method: 'PUT',
  path: '/users/:id',
  tags,
  permission: 'user-roles',
  params: idParam,
  body: userBody,
  answer: okEnvelope,
});

export const deleteUserEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-users/:id',
  tags,
  permission: 'user-roles',
  params: idParam,
  answer: okEnvelope,
});

/** An admin's account, or a reseller's (the reseller list's status switch). */
export const updateUserStatusEndpoint = endpoint({
  method: 'PUT',
  path: '/update-reseller/:id/status',
  tags,
  permission: ['user-roles', 'disable-enable-reseller'],
  params: idParam,
  body: userStatusBody,
  answer: okEnvelope,
});

export const suspendUserEndpoint = endpoint({
  method: 'POST',
  path: '/users/:id/suspend',
  tags,
  permission: 'user-roles',
  description:
    "The panel's owner (the first admin) suspends another admin, after a step-up (403 STEP_UP_REQUIRED). The admin's " +
    'sessions end at once on every node, it cannot sign in (10091), and it is told by mail; its account and data stay as ' +
    'they are. Any other caller: 403 OWNER_ONLY; the owner itself: 403 SELF_ACTION; an account that is not an admin: ' +
    '409 NOT_AN_ADMIN; none: 404. An admin already suspended stays so (200, nothing changes). Audited as user.suspend.',
  params: idParam,
  answer: okEnvelope,
});

export const reinstateUserEndpoint = endpoint({
  method: 'POST',
  path: '/users/:id/reinstate',
  tags,
  permission: 'user-roles',
  description:
    "The panel's owner lifts an admin's suspension, after a step-up: the admin signs in again and is told by mail. " +
    'The same refusals as POST /api/users/:id/suspend. Audited as user.reinstate.',
  params: idParam,
  answer: okEnvelope,
});
