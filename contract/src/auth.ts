import * as z from 'zod/mini';
import { emailField, nameField, newPasswordField, passcodeField, profilePasswordField, withConfirmation } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { loginChallengeAnswer, loginTwoFactorBody, twoFactorSetupFields } from './two-factor.js';

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

/** The sign-up's token only opens the update-email screen: it is no session. */
export const registerAnswer = ok({ statusCode: z.number(), token: z.string() });
export type RegisterAnswer = z.infer<typeof registerAnswer>;

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
    /** Whether the account holds the admin role (our addition): Recharge Credit offers an admin its own e-mail, which adds self credit. */
    admin: z.boolean(),
    IBOReseller: signedInAccount,
    ...twoFactorSetupFields,
  }),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

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

/** The caller's permission names, re-read by the web app after a change of its own role. */
export const userPermissionsAnswer = ok({ data: z.array(z.string()) });
export type UserPermissionsAnswer = z.infer<typeof userPermissionsAnswer>;

/** The answer of the password and e-mail calls of the sign-in screens: `message` repeats `msg`. */
export const authDoneAnswer = ok({ statusCode: z.number(), message: z.string() });
export type AuthDoneAnswer = z.infer<typeof authDoneAnswer>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['auth'];

/** A session, or a challenge when the account has a second factor. */
export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/login',
  tags,
  public: true,
  security: [],
  body: loginBody,
  answer: z.union([loginAnswer, loginChallengeAnswer]),
});

/**
 * The admin's sign-in screen: the same call under the panel's secret prefix (a server setting),
 * which the server fills in when it registers the route. The prefix is the screen's only secret:
 * kept out of the public document.
 */
export const adminLoginEndpoint = endpoint({ ...loginEndpoint, path: '/:prefix/admin-login', hide: true });

/** One second step for both sign-in screens: the challenge knows its account. */
export const loginTwoFactorEndpoint = endpoint({
  method: 'POST',
  path: '/login/two-factor',
  tags,
  public: true,
  security: [],
  body: loginTwoFactorBody,
  answer: loginAnswer,
});

export const logoutEndpoint = endpoint({ method: 'DELETE', path: '/logout', tags, answer: okEnvelope });

export const registerEndpoint = endpoint({
  method: 'POST',
  path: '/register',
  tags,
  public: true,
  security: [],
  body: registerBody,
  answer: registerAnswer,
  status: 201,
});

const passwordCall = { method: 'POST', tags, public: true, security: [], answer: authDoneAnswer } as const;

/** The verification mail's token sets the first password and verifies the account. */
export const createPasswordEndpoint = endpoint({ ...passwordCall, path: '/password/create', body: createPasswordBody });
/** A new verification (create-password) mail. */
export const resendPasswordCreateEndpoint = endpoint({ ...passwordCall, path: '/password/resend-password-create', body: emailBody });
/** The same answer whether or not the address has an account. */
export const forgotPasswordEndpoint = endpoint({ ...passwordCall, path: '/password/forgot', body: emailBody });
/** The mailed token works once, for an hour. */
export const resetPasswordEndpoint = endpoint({ ...passwordCall, path: '/password/reset', body: resetPasswordBody });
/** With the sign-up token as bearer: an unverified account corrects its address. */
export const updateEmailEndpoint = endpoint({ ...passwordCall, path: '/update-email', body: emailBody, security: [{ bearer: [] }] });

// The profile's calls (server module `profile`).
const profileTags = ['profile'];

export const profileEndpoint = endpoint({ method: 'GET', path: '/profile', tags: profileTags, answer: profileAnswer });

/** The name and, when given, a new password; a new password signs out the account's other sessions. */
export const updateProfileEndpoint = endpoint({ method: 'PUT', path: '/profile/update', tags: profileTags, body: profileBody, answer: okEnvelope });

export const updateExpiryRemindersEndpoint = endpoint({
  method: 'PUT',
  path: '/profile/expiry-reminders',
  tags: profileTags,
  body: expiryRemindersBody,
  answer: okEnvelope,
});

export const userPermissionsEndpoint = endpoint({ method: 'GET', path: '/user/user-permissions', tags: profileTags, answer: userPermissionsAnswer });

/** The first credit-share passcode. */
export const setPasscodeEndpoint = endpoint({ method: 'POST', path: '/set-credit-share-pass-code', tags: profileTags, body: passcodeBody, answer: okEnvelope });

export const updatePasscodeEndpoint = endpoint({
  method: 'POST',
  path: '/update-credit-share-pass',
  tags: profileTags,
  permission: 'update-credit-share-pass',
  body: passcodeBody,
  answer: okEnvelope,
});

/** Adding or deducting credit from the reseller list needs a successful check within the last minutes in this session. */
export const validatePasscodeEndpoint = endpoint({
  method: 'POST',
  path: '/validate-credit-share-password',
  tags: profileTags,
  body: passcodeBody,
  answer: okEnvelope,
});
