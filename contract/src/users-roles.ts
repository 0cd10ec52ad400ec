import { z } from 'zod';
import { emailField, ID_MAX, hasNoNul, nameField } from './fields.js';
import { MAX_PAGE_SIZE } from './constants.js';

export const roleBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong').refine(hasNoNul, 'validation.invalid'),
  permissions: z
    .array(z.number().int().positive('validation.invalid').max(ID_MAX, 'validation.invalid'))
    .min(1, 'validation.permissionsRequired')
    .max(500),
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
  role: z.number('validation.roleRequired').int().positive('validation.roleRequired').max(ID_MAX, 'validation.roleRequired'),
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
});
export type User = z.infer<typeof user>;

export const usersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  search: z.string().max(100, 'validation.tooLong').refine(hasNoNul, 'validation.invalid').optional(),
});
export type UsersQuery = z.infer<typeof usersQuery>;

export const userStatusBody = z.object({ is_disable_by_admin: z.union([z.literal(0), z.literal(1)]) });
export type UserStatusBody = z.infer<typeof userStatusBody>;
