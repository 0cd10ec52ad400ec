import * as z from 'zod/mini';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { idParam } from './fields.js';

/** A passkey's name, as the account calls it ("Work laptop", "Phone"). */
export const PASSKEY_NAME_MAX = 64;
/** A WebAuthn challenge (registration, sign-in, step-up) lives this long and is good once. */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;

export const passkeyName = z
  .string()
  .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(PASSKEY_NAME_MAX, 'validation.tooLong'));

/** A base64url value of a WebAuthn answer: bounded, the browser's encoding only. */
const b64url = z.string().check(z.maxLength(16_000, 'validation.tooLong'), z.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'validation.invalid'));

const credentialBase = {
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** What `startRegistration()` of @simplewebauthn/browser answers (RegistrationResponseJSON). */
export const passkeyRegistrationResponse = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    authenticatorData: z.optional(b64url),
    transports: z.optional(z.array(z.string().check(z.maxLength(32)))),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(b64url),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponse>;

/** What `startAuthentication()` of @simplewebauthn/browser answers (AuthenticationResponseJSON). */
export const passkeyAssertion = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: z.optional(b64url),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

/** A passkey as the account's list shows it: never its credential id or public key. */
export const passkey = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type Passkey = z.infer<typeof passkey>;

export const passkeysAnswer = ok({ data: z.array(passkey) });
export type PasskeysAnswer = z.infer<typeof passkeysAnswer>;

/**
 * The options `startRegistration()` / `startAuthentication()` take
 * (PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON), passed through.
 */
export const webauthnOptionsAnswer = ok({ data: z.record(z.string(), z.unknown()) });
export type WebauthnOptionsAnswer = z.infer<typeof webauthnOptionsAnswer>;

export const passkeyCreateBody = z.object({ name: passkeyName, response: passkeyRegistrationResponse });
export type PasskeyCreateBody = z.infer<typeof passkeyCreateBody>;

/**
 * The new passkey; `recovery_codes` only when this passkey is the account's first second factor
 * and it had no recovery codes: answered this once.
 */
export const passkeyCreatedAnswer = ok({ data: passkey, recovery_codes: z.optional(z.array(z.string())) });
export type PasskeyCreatedAnswer = z.infer<typeof passkeyCreatedAnswer>;

export const passkeyRenameBody = z.object({ name: passkeyName });
export type PasskeyRenameBody = z.infer<typeof passkeyRenameBody>;

export const passkeyAnswer = ok({ data: passkey });
export type PasskeyAnswer = z.infer<typeof passkeyAnswer>;

/** `POST /api/login/two-factor/passkey-options`: the sign-in challenge the password earned. */
export const loginPasskeyOptionsBody = z.object({
  challenge: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(200, 'validation.tooLong')),
});
export type LoginPasskeyOptionsBody = z.infer<typeof loginPasskeyOptionsBody>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────
// Profile → Security: the account's own passkeys (a session, never an API key), the passkey
// options of the sign-in's second step (public: the challenge names the account) and of the step-up.

const tags = ['passkeys'];

export const passkeysEndpoint = endpoint({
  method: 'GET',
  path: '/passkeys',
  tags,
  description: "The caller's passkeys: name and dates, never key material.",
  answer: passkeysAnswer,
});

export const passkeyRegistrationOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/passkeys/registration-options',
  tags,
  description: 'Options for `startRegistration()` of @simplewebauthn/browser (PublicKeyCredentialCreationOptionsJSON). The challenge is good once, for 5 minutes, for this session.',
  answer: webauthnOptionsAnswer,
});

export const addPasskeyEndpoint = endpoint({
  method: 'POST',
  path: '/passkeys',
  tags,
  description:
    "Registers the passkey `startRegistration()` made (`response`) under `name`. When it is the account's first second factor and the account has no recovery codes, `recovery_codes` carries ten, answered this once.",
  body: passkeyCreateBody,
  answer: passkeyCreatedAnswer,
  status: 201,
});

export const renamePasskeyEndpoint = endpoint({
  method: 'PATCH',
  path: '/passkeys/:id',
  tags,
  description: "Renames one of the caller's passkeys.",
  params: idParam,
  body: passkeyRenameBody,
  answer: passkeyAnswer,
});

export const removePasskeyEndpoint = endpoint({
  method: 'DELETE',
  path: '/passkeys/:id',
  tags,
  description:
    "Removes one of the caller's passkeys. Removing the last second factor (the last passkey, without TOTP) needs a recent step-up (403 STEP_UP_REQUIRED otherwise) and removes the recovery codes too.",
  params: idParam,
  answer: okEnvelope,
});

export const loginPasskeyOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/login/two-factor/passkey-options',
  tags,
  public: true,
  security: [],
  description:
    'Options for `startAuthentication()` for the sign-in challenge `POST /api/login` answered; the assertion then goes to `POST /api/login/two-factor` as `{ challenge, passkey }`.',
  body: loginPasskeyOptionsBody,
  answer: webauthnOptionsAnswer,
});

export const stepUpPasskeyOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/step-up/passkey-options',
  tags,
  description: 'Options for `startAuthentication()` to confirm a step-up with a passkey; the assertion goes to `POST /api/step-up` as `{ passkey }`.',
  answer: webauthnOptionsAnswer,
});
