import * as z from 'zod/mini';
import { ok } from './common.js';

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
 * The second factors an account can have. A challenge lists the ones it may answer with; passkeys
 * join this list as another method.
 */
export const TWO_FACTOR_METHODS = ['totp', 'recovery'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** A TOTP code (6 digits) or a recovery code (`xxxxx-xxxxx`); spaces and dashes are the reader's, not the code's. */
export const twoFactorCodeField = z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(40, 'validation.tooLong'));

export const loginTwoFactorBody = z.object({
  challenge: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(200, 'validation.tooLong')),
  code: twoFactorCodeField,
});
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
 * `POST /api/step-up`: a session confirms its second factor again before money or secrets move.
 * A code (TOTP or recovery) today; a passkey assertion joins as another member of the body
 * (`{ passkey: … }`), each checked by its own service branch.
 */
export const stepUpBody = z.object({ code: twoFactorCodeField });
export type StepUpBody = z.infer<typeof stepUpBody>;

/** Until when the session's confirmation covers guarded calls (ISO 8601). */
export const stepUpAnswer = ok({ data: z.object({ confirmed_until: z.string() }) });
export type StepUpAnswer = z.infer<typeof stepUpAnswer>;

export const twoFactorStatusAnswer = ok({
  data: z.object({ totp: z.boolean(), recovery_codes_left: z.number() }),
});
export type TwoFactorStatusAnswer = z.infer<typeof twoFactorStatusAnswer>;
