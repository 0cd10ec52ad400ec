import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { PasskeyAssertion, WebauthnOptionsAnswer } from '@panel/contract';
import { api } from '../api/client';

/** Whether this browser can use passkeys at all (WebAuthn). */
export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * Asks the server for authentication options (`POST optionsUrl` with `body`), lets the browser
 * sign them with a passkey, and answers the assertion to send back. Used by the sign-in's second
 * step (`/login/two-factor/passkey-options`, `{ challenge }`) and by the step-up
 * (`/step-up/passkey-options`). Throws the server's `ApiError`, or the browser's error when the
 * person cancels (see `passkeyCancelled`).
 */
export async function assertWithPasskey(optionsUrl: string, body?: unknown, options: { allowUnauthorized?: boolean } = {}): Promise<PasskeyAssertion> {
  const answer = await api<WebauthnOptionsAnswer>(optionsUrl, { method: 'POST', body, allowUnauthorized: options.allowUnauthorized });
  const assertion: AuthenticationResponseJSON = await startAuthentication({ optionsJSON: answer.data as unknown as PublicKeyCredentialRequestOptionsJSON });
  // The browser's extension outputs are a typed interface; the contract takes them as a plain record.
  return assertion as unknown as PasskeyAssertion;
}

/** Makes a new passkey in the browser for the registration options `optionsUrl` answers. */
export async function createWithPasskey(optionsUrl: string): Promise<RegistrationResponseJSON> {
  const answer = await api<WebauthnOptionsAnswer>(optionsUrl, { method: 'POST' });
  return startRegistration({ optionsJSON: answer.data as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/**
 * The person closed the browser's passkey prompt, or it timed out: not an error to shout about.
 * (The browser does not tell the two apart, on purpose.)
 */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
