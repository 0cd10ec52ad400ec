import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_BROWSER_DAYS } from '@panel/contract';
import type { Config } from '../../config.js';
import { serverKey } from '../../lib/server-key.js';

/**
 * OWASP's device cookies: a browser that signed in to an account carries a signed token for it, and
 * its wrong passwords count on that token alone (`knownBrowserLimits`). A stranger hammering the
 * account from elsewhere uses up the account's and the address's limits, never this browser's, so
 * the owner still signs in. The token proves only that this browser signed in before, never who
 * is at it: the password is checked as always.
 *
 * One cookie per browser, `userId:nonce:issuedDay` entries for its last few accounts, signed with a
 * key derived from the server key (HMAC-SHA256 by @fastify/cookie), HttpOnly, SameSite=Strict and
 * sent to `/api` only.
 */
export const KNOWN_BROWSER_COOKIE = 'panel_known_browser';
const MAX_ACCOUNTS = 5;
const DAY_MS = 86_400_000;

/** Each account this browser signed in to, with its token's nonce. */
export type KnownBrowser = ReadonlyMap<number, { nonce: string; issuedDay: number }>;

/** The cookie signing key: derived, so the server key itself never signs anything a browser holds. */
export const cookieSecret = (config: Pick<Config, 'serverKey' | 'dataDir'>) =>
  crypto.createHmac('sha256', serverKey(config)).update('known-browser-cookie').digest('base64url');

export function knownBrowserOf(request: FastifyRequest): KnownBrowser {
  const raw = request.cookies[KNOWN_BROWSER_COOKIE];
  if (!raw) return new Map();
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return new Map();
  const today = Math.floor(Date.now() / DAY_MS);
  const entries = new Map<number, { nonce: string; issuedDay: number }>();
  for (const entry of value.split('.')) {
    const [id, nonce, day] = entry.split(':');
    const userId = Number(id);
    const issuedDay = Number(day);
    if (!Number.isSafeInteger(userId) || !nonce || !Number.isSafeInteger(issuedDay)) continue;
    if (today - issuedDay > KNOWN_BROWSER_DAYS) continue;
    entries.set(userId, { nonce, issuedDay });
  }
  return entries;
}

/** After a sign-in: this browser is known to the account (its nonce kept, its date renewed), newest accounts last. */
export function rememberBrowser(reply: FastifyReply, known: KnownBrowser, userId: number, publicUrl: string) {
  const entries = new Map(known);
  const nonce = entries.get(userId)?.nonce ?? crypto.randomBytes(16).toString('base64url');
  entries.delete(userId);
  entries.set(userId, { nonce, issuedDay: Math.floor(Date.now() / DAY_MS) });
  const value = [...entries]
    .slice(-MAX_ACCOUNTS)
    .map(([id, entry]) => `${id}:${entry.nonce}:${entry.issuedDay}`)
    .join('.');
  void reply.setCookie(KNOWN_BROWSER_COOKIE, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: publicUrl.startsWith('https:'),
    path: '/api',
    maxAge: KNOWN_BROWSER_DAYS * 86_400,
  });
}
