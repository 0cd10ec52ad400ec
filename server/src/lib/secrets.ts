import crypto from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id; undefined: the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's figure). */
let hashOptions: Options | undefined;

/**
 * For the test suite only (test/setup.ts): argon2id at its smallest cost, so that the thousands of
 * accounts the tests create do not spend most of the suite's time hashing (about 60 %). A hash
 * carries its own cost, so verification is the same code either way.
 */
export function useCheapHashingForTests(): void {
  hashOptions = { memoryCost: 1024, timeCost: 1 };
}

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, hashOptions);
}

export async function verifySecret(stored: string | null | undefined, secret: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when an account does not exist keeps the answer's timing the same
 * as for a wrong password, so timing does not tell which addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;
export function dummyVerify(secret: string): Promise<boolean> {
  dummyHash ??= hashSecret('not-a-real-password');
  return dummyHash.then((h) => verifySecret(h, secret)).then(() => false);
}

/** 256 random bits, URL-safe: session tokens and e-mail tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  // One-shot: no Hash object per call (every request hashes its bearer token).
  return crypto.hash('sha256', value);
}

/** A generated password that meets the sign-up rule (upper, lower, digit, special). */
export function generatePassword(): string {
  return `${crypto.randomBytes(12).toString('base64url')}Aa1!`;
}
