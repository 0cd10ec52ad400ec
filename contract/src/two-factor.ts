import * as z from 'zod/mini';
import { ok } from './common.js';
import { passkeyAssertion } from './passkeys.js';

/** RFC 6238 as every authenticator app reads it: 30-second steps, 6 digits, SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** The issuer an authenticator app shows beside the account's e-mail. */
export const TOTP_ISSUER = 'Reseller Panel';
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in challenge (the step between the password and the code) lives this long. */
export const LOGIN_CHALLENGE_MINUTES = 5;
/** A session's confirmed second factor covers money and secret moves this long (step-up). */
export const STEP_UP_MINUTES = 10;

/**
 * The second factors an account can have. A challenge lists the ones it may answer with: `recovery`
 * whenever it has a TOTP app or a passkey.
 */
export const TWO_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`); spaces and dashes are the reader's, not the code's. */
export const twoFactorCodeField = z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(40, 'validation.tooLong'));

/** The challenge with a code (TOTP or recovery), or with a passkey's assertion instead. */
export const loginTwoFactorBody = z
  .object({
    challenge: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(200, 'validation.tooLong')),
    code: z.optional(twoFactorCodeField),
    passkey: z.optional(passkeyAssertion),
  })
  .check(z.refine((body) => body.code !== undefined || body.passkey !== undefined, { message: 'validation.required', path: ['code'] }));
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBody>;

/** What `POST /api/login` answers instead of a session when the account has a second factor. */
export const loginChallengeAnswer = ok({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
  statusCode: z.number(),
  httpCode: z.number(),
  /** When the challenge stops working. */
  expiresAt: z.string(),
});
export type LoginChallengeAnswer = z.infer<typeof loginChallengeAnswer>;

export const totpSetupAnswer = ok({ data: z.object({ secret: z.string(), uri: z.string() }) });
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>;

export const totpConfirmBody = z.object({ code: twoFactorCodeField });
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;

/** The recovery codes, answered once: when the factor is turned on and when they are regenerated. */
export const recoveryCodesAnswer = ok({ data: z.object({ recovery_codes: z.array(z.string()) }) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

/**
 * `POST /api/step-up`: a session confirms its second factor again before money or secrets move,
 * with a code (TOTP or recovery) or a passkey's assertion (options from `POST /api/step-up/passkey-options`).
 */
export const stepUpBody = z
  .object({ code: z.optional(twoFactorCodeField), passkey: z.optional(passkeyAssertion) })
  .check(z.refine((body) => body.code !== undefined || body.passkey !== undefined, { message: 'validation.required', path: ['code'] }));
export type StepUpBody = z.infer<typeof stepUpBody>;

/** Until when the session's confirmation covers guarded calls (ISO 8601). */
export const stepUpAnswer = ok({ data: z.object({ confirmed_until: z.string() }) });
export type StepUpAnswer = z.infer<typeof stepUpAnswer>;

export const twoFactorStatusAnswer = ok({
  data: z.object({ totp: z.boolean(), recovery_codes_left: z.number() }),
});
export type TwoFactorStatusAnswer = z.infer<typeof twoFactorStatusAnswer>;

/**
 * Who requires the caller's second factor: the panel (the admin's switch for admins or for
 * resellers) or its parent reseller (the parent's switch for its tree). Null: nobody does.
 */
export const TWO_FACTOR_REQUIRERS = ['panel', 'parent'] as const;
export type TwoFactorRequirer = (typeof TWO_FACTOR_REQUIRERS)[number];

/**
 * Added to the sign-in and profile answers (optional for older clients): the account must turn a
 * second factor on before anything but its security setup answers, and who requires it.
 */
export const twoFactorSetupFields = {
  two_factor_setup_required: z.optional(z.boolean()),
  two_factor_required_by: z.optional(z.enum(TWO_FACTOR_REQUIRERS)),
};

/** `GET/PATCH /api/settings/security`: the admin's two switches. */
export const securitySettings = z.object({
  require_two_factor_admins: z.boolean(),
  require_two_factor_resellers: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettings>;
export const securitySettingsBody = z.object({
  require_two_factor_admins: z.optional(z.boolean()),
  require_two_factor_resellers: z.optional(z.boolean()),
});
export type SecuritySettingsBody = z.infer<typeof securitySettingsBody>;
export const securitySettingsAnswer = ok({ data: securitySettings });

/** `GET/PATCH /api/profile/security`: a parent's switch for its whole tree of sub-resellers. */
export const profileSecurity = z.object({ require_two_factor_sub_resellers: z.boolean() });
export type ProfileSecurity = z.infer<typeof profileSecurity>;
export const profileSecurityBody = profileSecurity;
export type ProfileSecurityBody = z.infer<typeof profileSecurityBody>;
export const profileSecurityAnswer = ok({ data: profileSecurity });
