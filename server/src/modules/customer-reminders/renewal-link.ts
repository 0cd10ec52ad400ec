import crypto from 'node:crypto';
import { RENEWAL_LINK_DAYS, storeRenewPath } from '@panel/contract';
import type { Config } from '../../config.js';
import { serverKey } from '../../lib/server-key.js';

/**
 * The signed tokens of customer reminders (issue 44): the renewal link's, naming a customer, a
 * device and a product for RENEWAL_LINK_DAYS, and the unsubscribe link's, naming a customer for
 * good (an unsubscribe link must keep working in an old mail). Nothing is stored: a token is its
 * fields in binary, then the first 128 bits of their HMAC-SHA256, all in URL-safe base64 (47 and
 * 30 characters). The HMAC key is derived from the server key for this purpose alone, so a token
 * can never pass for another of the panel's signatures, and several nodes sharing SERVER_KEY agree.
 */

type KeyConfig = Pick<Config, 'serverKey' | 'dataDir'>;
const VERSION = 1;
const KIND_RENEWAL = 0x72; // 'r'
const KIND_UNSUBSCRIBE = 0x75; // 'u'
const MAC_BYTES = 16;
const DAY_MS = 86_400_000;

const keys = new WeakMap<Buffer, Buffer>();
function signingKey(config: KeyConfig): Buffer {
  const root = serverKey(config);
  let key = keys.get(root);
  if (!key) {
    key = crypto.createHmac('sha256', root).update('panel/customer-reminders/link-token/v1').digest();
    keys.set(root, key);
  }
  return key;
}

function seal(config: KeyConfig, body: Buffer): string {
  const mac = crypto.createHmac('sha256', signingKey(config)).update(body).digest().subarray(0, MAC_BYTES);
  return Buffer.concat([body, mac]).toString('base64url');
}

/** The token's fields when its signature holds and it is of `kind` and `length`, else undefined. */
function open(config: KeyConfig, token: string, kind: number, length: number): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const raw = Buffer.from(token, 'base64url');
  if (raw.length !== length + MAC_BYTES || raw.toString('base64url') !== token) return undefined;
  const body = raw.subarray(0, length);
  const expected = crypto.createHmac('sha256', signingKey(config)).update(body).digest().subarray(0, MAC_BYTES);
  if (!crypto.timingSafeEqual(expected, raw.subarray(length))) return undefined;
  if (body[0] !== VERSION || body[1] !== kind) return undefined;
  return body;
}

export type RenewalClaims = { customerId: number; deviceId: number; productId: number; expiresAt: Date };

/** version, kind, customer, device, product, expiry (Unix seconds): 18 bytes. */
const RENEWAL_LENGTH = 18;

export function renewalToken(config: KeyConfig, input: { customerId: number; deviceId: number; productId: number }, now = new Date()): string {
  const body = Buffer.alloc(RENEWAL_LENGTH);
  body[0] = VERSION;
  body[1] = KIND_RENEWAL;
  body.writeUInt32BE(input.customerId, 2);
  body.writeUInt32BE(input.deviceId, 6);
  body.writeUInt32BE(input.productId, 10);
  body.writeUInt32BE(Math.floor((now.getTime() + RENEWAL_LINK_DAYS * DAY_MS) / 1000), 14);
  return seal(config, body);
}

/** The renewal token's claims, or undefined when it is bad, altered or expired at `now`. */
export function readRenewalToken(config: KeyConfig, token: string, now = new Date()): RenewalClaims | undefined {
  const body = open(config, token, KIND_RENEWAL, RENEWAL_LENGTH);
  if (!body) return undefined;
  const expiresAt = new Date(body.readUInt32BE(14) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return undefined;
  return { customerId: body.readUInt32BE(2), deviceId: body.readUInt32BE(6), productId: body.readUInt32BE(10), expiresAt };
}

/**
 * The renewal link of a reminder (and of the player's store link): `{PUBLIC_URL}/store/<slug>/renew/<token>`,
 * valid RENEWAL_LINK_DAYS days. The store's page reads it with GET /api/public/renewals/:token.
 */
export function renewalLink(config: Config, input: { slug: string; customerId: number; deviceId: number; productId: number }, now = new Date()): string {
  return `${config.publicUrl}${storeRenewPath(input.slug, renewalToken(config, input, now))}`;
}

/** version, kind, customer: 6 bytes. */
const UNSUBSCRIBE_LENGTH = 6;

export function unsubscribeToken(config: KeyConfig, customerId: number): string {
  const body = Buffer.alloc(UNSUBSCRIBE_LENGTH);
  body[0] = VERSION;
  body[1] = KIND_UNSUBSCRIBE;
  body.writeUInt32BE(customerId, 2);
  return seal(config, body);
}

export function readUnsubscribeToken(config: KeyConfig, token: string): number | undefined {
  return open(config, token, KIND_UNSUBSCRIBE, UNSUBSCRIBE_LENGTH)?.readUInt32BE(2);
}

/** The `List-Unsubscribe` address of the customer's reminder mails (RFC 8058 one-click POST). */
export const unsubscribeUrl = (config: Config, customerId: number) => `${config.publicUrl}/api/public/reminders/unsubscribe/${unsubscribeToken(config, customerId)}`;
