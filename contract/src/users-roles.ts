import * as z from 'zod/mini';
import { defaultedField, emailField, ID_MAX, idNumber, nameField, noNul, optionalField, pageNumberField, queryInt } from './fields.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';

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
