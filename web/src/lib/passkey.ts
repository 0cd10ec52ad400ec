import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import {
  loginPasskeyOptionsEndpoint,
  passkeyRegistrationOptionsEndpoint,
  stepUpPasskeyOptionsEndpoint,
  type LoginPasskeyOptionsBody,
  type PasskeyAssertion,
  type PasskeyRegistrationResponse,
} from '@panel/contract';
import { call } from '../api/client';

/** Whether this browser can use passkeys at all (WebAuthn). */
export const passkeysSupported = () => browserSupportsWebAuthn();

/** The calls that answer authentication options: the sign-in's second step and the step-up. */
type AssertionOptionsEndpoint = typeof loginPasskeyOptionsEndpoint | typeof stepUpPasskeyOptionsEndpoint;

/**
 * Asks the server for authentication options (`endpoint` with `body`), lets the browser sign them
 * with a passkey, and answers the assertion to send back. Used by the sign-in's second step
 * (`loginPasskeyOptionsEndpoint`, `{ challenge }`) and by the step-up (`stepUpPasskeyOptionsEndpoint`).
 * Throws the server's `ApiError`, or the browser's error when the person cancels (see `passkeyCancelled`).
 */
export async function assertWithPasskey(
  endpoint: AssertionOptionsEndpoint,
  body?: LoginPasskeyOptionsBody,
  options: { allowUnauthorized?: boolean } = {},
): Promise<PasskeyAssertion> {
  const answer =
    endpoint === loginPasskeyOptionsEndpoint ? await call(endpoint, { body, allowUnauthorized: options.allowUnauthorized }) : await call(endpoint);
  const assertion: AuthenticationResponseJSON = await startAuthentication({ optionsJSON: answer.data as unknown as PublicKeyCredentialRequestOptionsJSON });
  // The browser's extension outputs are a typed interface; the contract takes them as a plain record.
  return assertion as unknown as PasskeyAssertion;
}

/** Makes a new passkey in the browser for the registration options the server answers. */
export async function createWithPasskey(): Promise<PasskeyRegistrationResponse> {
  const answer = await call(passkeyRegistrationOptionsEndpoint);
  const registration: RegistrationResponseJSON = await startRegistration({ optionsJSON: answer.data as unknown as PublicKeyCredentialCreationOptionsJSON });
  // As for the assertion: the contract takes the extension outputs as a plain record.
  return registration as unknown as PasskeyRegistrationResponse;
}

/**
 * The person closed the browser's passkey prompt, or it timed out: not an error to shout about.
 * (The browser does not tell the two apart, on purpose.)
 */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
