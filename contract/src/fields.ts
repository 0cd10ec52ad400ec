import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSCODE_MAX_LENGTH,
  PASSCODE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.js';

/**
 * Field rules shared by every schema. Messages are keys of `messages/<locale>.json`: the server
 * translates them into the caller's language, the web app through i18next.
 */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(EMAIL_MAX_LENGTH, 'validation.tooLong')
  .pipe(z.email('validation.emailInvalid'));

/** PostgreSQL text cannot hold a NUL character: refuse it as input rather than fail in the database. */
export const hasNoNul = (value: string) => !value.includes('\u0000');

/** Row ids are PostgreSQL integers: a larger number names no row and must not reach a query. */
export const ID_MAX = 2_147_483_647;

export const nameField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(NAME_MAX_LENGTH, 'validation.tooLong')
  .refine(hasNoNul, 'validation.invalid');

/** Sign-up and reset rule (core-panel.md §5): 8+ characters, an uppercase letter, a digit and one of @$!%*?&. */
export const newPasswordField = z
  .string()
  .min(1, 'validation.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.tooLong')
  .regex(new RegExp(`^(?=.*[A-Z])(?=.*\\d)(?=.*[@$!%*?&]).{${PASSWORD_MIN_LENGTH},}$`), 'validation.passwordCriteria');

/** Profile and edit-reseller rule (§5): 8+ characters, a capital letter and a special character. */
export const profilePasswordField = z
  .string()
  .max(PASSWORD_MAX_LENGTH, 'validation.tooLong')
  .min(PASSWORD_MIN_LENGTH, 'validation.passwordMin')
  .regex(/[A-Z]/, 'validation.passwordCapital')
  .regex(/[^A-Za-z0-9]/, 'validation.passwordSpecial');

export const passcodeField = z
  .string()
  .min(1, 'validation.passcodeRequired')
  .regex(/^\d*$/, 'validation.passcodeDigits')
  .min(PASSCODE_MIN_LENGTH, 'validation.passcodeLength')
  .max(PASSCODE_MAX_LENGTH, 'validation.passcodeLength');

export const idParam = z.object({ id: z.coerce.number().int().positive('validation.invalid').max(ID_MAX, 'validation.invalid') });

/** Adds the confirmation check under `password_confirmation`, as the forms show it. */
export function withConfirmation<T extends z.ZodObject<{ password: z.ZodType<string>; password_confirmation: z.ZodType<string> }>>(
  schema: T,
) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: 'validation.passwordsMustMatch',
    path: ['password_confirmation'],
  });
}
