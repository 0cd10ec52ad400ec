import * as z from 'zod/mini';
import { emailField, nameField, newPasswordField, passcodeField, profilePasswordField, withConfirmation } from './fields.js';
import { ok } from './common.js';
import { twoFactorSetupFields } from './two-factor.js';

export const loginBody = z.object({
  email: emailField,
  password: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(1000, 'validation.tooLong')),
  remember: z.optional(z.boolean()),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * The signed-in account as the peer panel's clients read it (reseller bots take their balance and
 * whether they may act from here): `status` 1 active, 0 disabled.
 */
export const signedInAccount = z.object({ id: z.number(), name: z.string(), email: z.string(), credit_point: z.number(), status: z.number() });
export type SignedInAccount = z.infer<typeof signedInAccount>;

export const loginAnswer = ok({
  token: z.string(),
  data: z.object({ IBOReseller: signedInAccount }),
  permissions: z.array(z.string()),
  hasPasscode: z.boolean(),
  statusCode: z.number(),
  httpCode: z.number(),
  expiresAt: z.string(),
  ...twoFactorSetupFields,
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  tAndC: z.literal(true, 'validation.termsRequired'),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const emailBody = z.object({ email: emailField });
export type EmailBody = z.infer<typeof emailBody>;

const tokenField = z.string().check(z.minLength(1, 'validation.required'), z.maxLength(200, 'validation.tooLong'));
const confirmationField = z.string().check(z.minLength(1, 'validation.required'));

export const createPasswordBody = withConfirmation(
  z.object({ email: emailField, token: tokenField, password: newPasswordField, password_confirmation: confirmationField }),
);
export type CreatePasswordBody = z.infer<typeof createPasswordBody>;

export const resetPasswordBody = withConfirmation(
  z.object({ token: tokenField, password: newPasswordField, password_confirmation: confirmationField }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** The client sends `{ requestData: { passcode } }` (core-panel.md §7). */
export const passcodeBody = z.object({ requestData: z.object({ passcode: passcodeField }) });
export type PasscodeBody = z.infer<typeof passcodeBody>;

const passcodeFormWith = (mismatch: string) =>
  z.object({ passcode: passcodeField, passcode_confirmation: z.string() }).check(
    z.refine((v) => v.passcode === v.passcode_confirmation, { message: mismatch, path: ['passcode_confirmation'] }),
  );

/**
 * The Update Credit Share Password form, validated in the browser before it sends `passcodeBody`;
 * its mismatch is the specification's 'Passwords do not match' (core-panel.md §5).
 */
export const passcodeForm = passcodeFormWith('validation.passcodesMustMatch');
/** The set-passcode dialog after sign-in: the same form, whose mismatch speaks of passcodes. */
export const setPasscodeForm = passcodeFormWith('validation.passcodesDiffer');
export type PasscodeForm = z.infer<typeof passcodeForm>;

export const profileAnswer = ok({
  data: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    hasPasscode: z.boolean(),
    /** Whether the daily mail of devices about to expire is on (our addition). */
    expiry_reminders: z.boolean(),
    /** The panel's owner, the first admin (our addition): Users and roles offers it Suspend and Reinstate on the other admins. */
    owner: z.boolean(),
    IBOReseller: signedInAccount,
    ...twoFactorSetupFields,
  }),
});

/** `PUT /api/profile/expiry-reminders`: the profile page's switch for the daily expiry reminder. */
export const expiryRemindersBody = z.object({ expiry_reminders: z.boolean() });
export type ExpiryRemindersBody = z.infer<typeof expiryRemindersBody>;

/** Profile: name required; a password is optional, but when given it needs its rule and a matching confirmation. */
export const profileBody = z
  .object({
    name: nameField,
    password: z.optional(z.union([z.literal(''), profilePasswordField])),
    password_confirmation: z.optional(z.string()),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.password) return;
      if (!v.password_confirmation) {
        ctx.addIssue({ code: 'custom', message: 'validation.passwordConfirmationRequired', path: ['password_confirmation'], input: v });
      } else if (v.password !== v.password_confirmation) {
        ctx.addIssue({ code: 'custom', message: 'validation.passwordsMustMatch', path: ['password_confirmation'], input: v });
      }
    }),
  );
export type ProfileBody = z.infer<typeof profileBody>;
