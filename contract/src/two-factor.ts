import * as z from 'zod/mini';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { idParam } from './fields.js';
import type { Permission } from './permissions.js';
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

/** A parent reseller: an account that may have sub-resellers (who sees and sets the tree's switch). */
export const PARENT_PERMISSIONS = ['add-sub-reseller', 'sub-reseller-list'] as const satisfies readonly Permission[];

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['two-factor'];
const stepUpNote = 'No body. With the factor on, the session must have confirmed it in the last 10 minutes (`POST /api/step-up`), else 403 `STEP_UP_REQUIRED`.';

/** Profile → Security: every account's own second factor, so a session and no permission. */
export const twoFactorStatusEndpoint = endpoint({ method: 'GET', path: '/two-factor', tags, answer: twoFactorStatusAnswer });

export const totpSetupEndpoint = endpoint({ method: 'POST', path: '/two-factor/totp/setup', tags, answer: totpSetupAnswer });

export const totpConfirmEndpoint = endpoint({ method: 'POST', path: '/two-factor/totp/confirm', tags, body: totpConfirmBody, answer: recoveryCodesAnswer });

export const regenerateRecoveryCodesEndpoint = endpoint({
  method: 'POST',
  path: '/two-factor/recovery-codes',
  tags,
  description: stepUpNote,
  answer: recoveryCodesAnswer,
});

export const disableTwoFactorEndpoint = endpoint({ method: 'POST', path: '/two-factor/disable', tags, description: stepUpNote, answer: okEnvelope });

export const stepUpEndpoint = endpoint({
  method: 'POST',
  path: '/step-up',
  tags,
  description:
    "A session of an account with a second factor confirms it again with a code (TOTP or recovery, each accepted once). For the next 10 minutes the calls guarded by the step-up (credit moves, API key, password and passcode changes, factor changes) go through; without it they answer 403 `STEP_UP_REQUIRED`. Five wrong codes answer 429 with `Retry-After`, like the sign-in's second step. API keys answer 403 `SESSION_REQUIRED`; an account without a factor 409 `TWO_FACTOR_NOT_ON`.",
  body: stepUpBody,
  answer: stepUpAnswer,
});

/**
 * Who must have a second factor (the admin's and a parent's switches) and the reset of another
 * account's factor. Outside `/two-factor`: an account sent to its own setup does not reach these.
 */
export const securitySettingsEndpoint = endpoint({
  method: 'GET',
  path: '/settings/security',
  tags,
  permission: 'security-settings',
  answer: securitySettingsAnswer,
});

export const updateSecuritySettingsEndpoint = endpoint({
  method: 'PATCH',
  path: '/settings/security',
  tags,
  permission: 'security-settings',
  body: securitySettingsBody,
  answer: securitySettingsAnswer,
});

export const profileSecurityEndpoint = endpoint({
  method: 'GET',
  path: '/profile/security',
  tags,
  permission: PARENT_PERMISSIONS,
  answer: profileSecurityAnswer,
});

export const updateProfileSecurityEndpoint = endpoint({
  method: 'PATCH',
  path: '/profile/security',
  tags,
  permission: PARENT_PERMISSIONS,
  body: profileSecurityBody,
  answer: profileSecurityAnswer,
});

export const resetResellerTwoFactorEndpoint = endpoint({
  method: 'POST',
  path: '/resellers/:id/two-factor/reset',
  tags,
  permission: 'edit-reseller',
  params: idParam,
  answer: okEnvelope,
});

/** Users and roles: the admin resets the factor of a staff or admin account the same way. */
export const resetUserTwoFactorEndpoint = endpoint({
  method: 'POST',
  path: '/users/:id/two-factor/reset',
  tags,
  permission: 'user-roles',
  params: idParam,
  answer: okEnvelope,
});
