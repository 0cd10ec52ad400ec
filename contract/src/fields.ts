import * as z from 'zod/mini';
import {
  DEFAULT_PAGE_SIZE,
  EMAIL_MAX_LENGTH,
  MAX_PAGE_SIZE,
  NAME_MAX_LENGTH,
  PASSCODE_MAX_LENGTH,
  PASSCODE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.js';

/**
 * Field rules shared by every schema. Messages are keys of `messages/<locale>.json`: the server
 * translates them into the caller's language, the web app through i18next.
 *
 * The contract uses zod's mini build: the same validation and JSON Schema, a fraction of the
 * code in the browser (the sign-in screen loads these rules).
 */
export const emailField = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'validation.required'), z.maxLength(EMAIL_MAX_LENGTH, 'validation.tooLong')),
  z.email('validation.emailInvalid'),
);

/** PostgreSQL text cannot hold a NUL character: refuse it as input rather than fail in the database. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const noNul = z.refine<string>(hasNoNul, 'validation.invalid');

/** Row ids are PostgreSQL integers: a larger number names no row and must not reach a query. */
export const ID_MAX = 2_147_483_647;

/** A positive row id: "must be a number" when it is none, `message` when it names no possible row. */
export const idNumber = (message = 'validation.invalid') => z.int().check(z.positive(message), z.maximum(ID_MAX, message));

export const nameField = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(NAME_MAX_LENGTH, 'validation.tooLong'), noNul);

/** Sign-up and reset rule (core-panel.md §5): 8+ characters, an uppercase letter, a digit and one of @$!%*?&. */
export const newPasswordField = z
  .string()
  .check(
    z.minLength(1, 'validation.required'),
    z.maxLength(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
    z.regex(new RegExp(`^(?=.*[A-Z])(?=.*\\d)(?=.*[@$!%*?&]).{${PASSWORD_MIN_LENGTH},}$`), 'validation.passwordCriteria'),
  );

/** Profile and edit-reseller rule (§5): 8+ characters, a capital letter and a special character. */
export const profilePasswordField = z
  .string()
  .check(
    z.maxLength(PASSWORD_MAX_LENGTH, 'validation.tooLong'),
    z.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordMin'),
    z.regex(/[A-Z]/, 'validation.passwordCapital'),
    z.regex(/[^A-Za-z0-9]/, 'validation.passwordSpecial'),
  );

export const passcodeField = z
  .string()
  .check(
    z.minLength(1, 'validation.passcodeRequired'),
    z.regex(/^\d*$/, 'validation.passcodeDigits'),
    z.minLength(PASSCODE_MIN_LENGTH, 'validation.passcodeLength'),
    z.maxLength(PASSCODE_MAX_LENGTH, 'validation.passcodeLength'),
  );

/** Integers from the query string or the path: strings coerced, then checked as numbers. */
export const queryInt = (
  min: number,
  max: number,
  /** `invalid`: the message when the value is no whole number (zod's own wording by default). */
  messages: { min?: string; max?: string; invalid?: string } = {},
) =>
  z.pipe(
    z.coerce.number(messages.invalid),
    z.int(messages.invalid).check(z.minimum(min, messages.min ?? 'validation.tooSmall'), z.maximum(max, messages.max ?? 'validation.tooBig')),
  );

export const idParam = z.object({
  id: queryInt(1, ID_MAX, { min: 'validation.invalid', max: 'validation.invalid' }),
});

/** Passes values on, with '' and null made undefined ("not given"). */
const blankAsMissing = z.transform((value: unknown): unknown => (value === '' || value === null ? undefined : value));

/** What `schema` answers, taking '' and null too. (zod cannot infer a pipe from a transform into a generic schema.) */
type BlankAllowed<T extends z.ZodMiniType, Out> = z.ZodMiniType<Out, z.input<T> | '' | null | undefined>;

/**
 * An optional field of a call. An empty string or null in it means "not given", whatever the
 * field's own rule: clients written against the specification send optional filters that way.
 */
export function optionalField<T extends z.ZodMiniType>(schema: T) {
  return z.optional(z.pipe(blankAsMissing, z.optional(schema)) as unknown as BlankAllowed<T, z.output<T> | undefined>);
}

/** A field with a default: an empty string or null take the default, as a missing field does. */
export function defaultedField<T extends z.ZodMiniType>(schema: T, value: z.util.NoUndefined<z.output<T>>) {
  return z._default(z.pipe(blankAsMissing, z._default(schema, value)) as unknown as BlankAllowed<T, z.output<T>>, value);
}

/** Adds the confirmation check under `password_confirmation`, as the forms show it. */
export function withConfirmation<T extends z.ZodMiniObject<{ password: z.ZodMiniType<string>; password_confirmation: z.ZodMiniType<string> }>>(
  schema: T,
) {
  return schema.check(
    z.refine((v) => v.password === v.password_confirmation, {
      message: 'validation.passwordsMustMatch',
      path: ['password_confirmation'],
    }),
  );
}

/** A list's page number from the query string, 1 when absent. */
export const pageNumberField = defaultedField(queryInt(1, 1_000_000), 1);

/** A list's page size: whatever the client asks for is served as at most MAX_PAGE_SIZE (DESIGN.md §3). */
export const pageSizeField = defaultedField(
  z.pipe(queryInt(1, Number.MAX_SAFE_INTEGER), z.transform((n: number) => Math.min(n, MAX_PAGE_SIZE))),
  DEFAULT_PAGE_SIZE,
);

/** A list's search keyword; ignored below SEARCH_MIN_LENGTH characters. */
export const keywordField = optionalField(z.string().check(z.maxLength(100, 'validation.tooLong'), noNul));

/** A list's sort direction, in either case. */
export const sortTypeField = optionalField(z.enum(['asc', 'desc', 'ASC', 'DESC'], 'validation.invalid'));

/** One module to filter on, by application id (number or digits) or name; empty for every module. */
export const moduleTypeField = optionalField(z.union([z.number(), z.string().check(z.maxLength(100, 'validation.tooLong'))]));

/** An id in a JSON body: a number, or its digits as a string; `message` when missing or malformed. */
export const idLikeField = (message?: string) =>
  z.pipe(
    z.union([z.number(message), z.pipe(z.string(message).check(z.regex(/^\d{1,10}$/, message)), z.transform(Number))], message),
    z.int(message).check(z.minimum(1, message), z.maximum(ID_MAX, message)),
  );
export const idLike = idLikeField();

/**
 * An amount of credit points or of things bought with them (a credit move, test credit, a batch
 * of codes): a whole number from 1 to `max`, as a number or its digits. A negative, zero or
 * fractional amount is refused with `message`, never turned into another amount.
 */
export const wholeAmountField = (max: number, message: string, maxMessage = message) =>
  z.pipe(
    z.union([z.number(message), z.pipe(z.string(message).check(z.regex(/^\d{1,15}$/, message)), z.transform(Number))], message),
    z.int(message).check(z.minimum(1, message), z.maximum(max, maxMessage)),
  );

/** A page number in a JSON body (number or digits). */
export const bodyPageNumber = z.pipe(
  z.union([z.number(), z.pipe(z.string().check(z.regex(/^\d{1,7}$/, 'validation.invalid')), z.transform(Number))]),
  z.int().check(z.minimum(1), z.maximum(1_000_000)),
);
/** A page size in a JSON body: any size the client asks for, bounded to MAX_PAGE_SIZE (DESIGN.md §3). */
export const bodyPageSize = z.pipe(bodyPageNumber, z.transform((n: number) => Math.min(n, MAX_PAGE_SIZE)));
