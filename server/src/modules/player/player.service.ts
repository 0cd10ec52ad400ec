import crypto from 'node:crypto';
import { LOGIN_MAX_FAILURES_PER_IP, translate, type PlayerDeviceAnswer, type PlayerPinBody, type PlayerRegisterAnswer, type PlayerRegisterBody, type PlayerStatusBody, type PlayerStoreLinkBody } from '@panel/contract';
import { AppError } from '../../http/app-error.js';
import type { DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../http/context.js';
import { batchedRateLimiter, retryAfterSeconds, type RateLimiter } from '../../lib/rate-limiter.js';
import { sha256, verifySecret } from '../../lib/secrets.js';
import { takeAttempt } from '../../lib/attempt-limits.js';
import { deviceKeyMatches, findApplication, isActive } from '../devices/devices.service.js';
import { renewalLink } from '../customer-reminders/customer-reminders.service.js';
import { sellableApps } from '../storefront/storefront.service.js';
import { findPlayerDevice, findPlaylist, findStoreLinkSource, markStatusCall, upsertDevice, type PlayerDeviceRow } from './player.repository.js';

/**
 * The player API (DESIGN.md §5): what media-player apps call, without a session. Every call
 * counts against its client address: PLAYER_RATE_LIMIT requests per minute.
 */

const WINDOW_MS = 60_000;
export const DEVICE_KEY_DIGITS = 8;

/** Players call on every start: their counts reach the shared store in batches (see batchedRateLimiter). */
const playerLimiters = new WeakMap<RateLimiter, RateLimiter>();
function playerLimiter(ctx: Pick<Ctx, 'limiter'>): RateLimiter {
  let limiter = playerLimiters.get(ctx.limiter);
  if (!limiter) playerLimiters.set(ctx.limiter, (limiter = batchedRateLimiter(ctx.limiter)));
  return limiter;
}

/**
 * Counts this request against the caller's address; past the limit a 429 says when to come back.
 * Runs before the body is read (the routes' onRequest hook): malformed calls count too, and a
 * refused call creates nothing.
 */
export async function hitRateLimit(ctx: Pick<Ctx, 'limiter' | 'config' | 'ip'>) {
  const window = await playerLimiter(ctx).hit(`player:${ctx.ip}`, WINDOW_MS);
  if (window.count > ctx.config.playerRateLimit) {
    const seconds = retryAfterSeconds(window);
    throw new AppError('TOO_MANY_REQUESTS', { params: { count: seconds }, headers: { 'retry-after': String(seconds) } });
  }
}

/** A random key of DEVICE_KEY_DIGITS digits (leading zeros kept), from the system's secure generator. */
export function newDeviceKey(): string {
  return String(crypto.randomInt(0, 10 ** DEVICE_KEY_DIGITS)).padStart(DEVICE_KEY_DIGITS, '0');
}

function toAnswer(row: NonNullable<PlayerDeviceRow>): PlayerDeviceAnswer['data'] {
  return {
    app_id: row.appId,
    app_name: row.appName,
    mac_address: row.macAddress,
    device_key: row.deviceKey,
    expire_date: row.expireDate.toISOString(),
    is_lifetime: row.lifetime,
    status: isActive(row) ? 'active' : 'expired',
    is_trial: row.isTrial,
    playlists: row.playlists.map((p) => ({ ...p, id: Number(p.id) })),
  };
}

/** The device of a status or PIN call: 404 C10404 when unknown, 403 C10405 when the key is wrong. */
async function deviceWithKey(ctx: Ctx, input: { app_id: number; mac_address: string; device_key: string }) {
  const row = await findPlayerDevice(ctx.db, input.app_id, input.mac_address);
  // The app itself asks here: the panel's next step for a reseller (open the app once) is no help to it.
  if (!row) throw new AppError('C10404', { key: 'errors.deviceNotFoundForPlayer' });
  if (!deviceKeyMatches(row.deviceKey, input.device_key)) throw new AppError('C10405');
  return row;
}

/** The application a player names: 404 when there is none. */
export async function playerApplication(ctx: Ctx, appId: number) {
  const application = await findApplication(ctx.db, appId);
  if (!application) throw new AppError('NOT_FOUND', { key: 'player.applicationNotFound' });
  return application;
}

/**
 * Creates the device with its trial and key on its first call, or records the player's visit (see
 * upsertDevice). A device without a stored secret is claimed by the first call that brings one.
 */
export function recordDevice(ctx: Ctx, db: DbOrTx, application: { id: number; trialDays: number }, input: PlayerRegisterBody) {
  return upsertDevice(db, {
    appId: application.id,
    mac: input.mac_address,
    deviceKey: newDeviceKey(),
    trialDays: application.trialDays,
    ip: ctx.ip,
    version: input.version?.trim() || undefined,
    secretHash: input.device_secret ? sha256(input.device_secret) : null,
  });
}

/** Whether `secret` is the one whose hash the device stores, compared in constant time. */
function holdsDevice(row: { secretHash: string | null }, secret: string | undefined): boolean {
  if (!row.secretHash || !secret) return false;
  return crypto.timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(sha256(secret)));
}

/** A register that does not prove the installation counts like a failed sign-in, per address. */
const registerLimits = (ctx: Ctx) => [{ key: `player-register:ip:${ctx.ip}`, max: LOGIN_MAX_FAILURES_PER_IP }];

/**
 * First start: the device gets the application's free trial and a key, and keeps the hash of the
 * player's installation secret. A later start with the same secret gets the same device, key and
 * playlists back; without it, or with another, only what the start screen shows (a MAC is no
 * secret: MACs come in guessable ranges). Such a miss counts against the address like a failed
 * sign-in, and past the limit every register from it answers 429 until the window ends.
 */
export async function register(ctx: Ctx, input: PlayerRegisterBody): Promise<{ msg: string; data: PlayerRegisterAnswer['data'] }> {
  const application = await playerApplication(ctx, input.app_id);
  const attempt = await takeAttempt(ctx, registerLimits(ctx));
  const { inserted } = await recordDevice(ctx, ctx.db, application, input);
  const row = (await findPlayerDevice(ctx.db, application.id, input.mac_address))!;
  // A new device registered without a secret guessed nothing: only a miss on an existing one counts.
  if (inserted || holdsDevice(row, input.device_secret)) await attempt.giveBack();
  if (holdsDevice(row, input.device_secret)) return { msg: translate(ctx.locale, 'success.ok'), data: { ...toAnswer(row), secret_accepted: true } };
  const { device_key: _key, playlists: _playlists, ...startScreen } = toAnswer(row);
  return { msg: translate(ctx.locale, 'player.secretMismatch'), data: { ...startScreen, secret_accepted: false } };
}

/** The device as the status call answers it, once a change (a redeemed code) has committed. */
export async function deviceAnswer(ctx: Ctx, appId: number, mac: string) {
  return toAnswer((await findPlayerDevice(ctx.db, appId, mac))!);
}

/**
 * What every player asks on each start. The first call after a paid activation marks the device
 * (`markStatusCall`) before it answers, and answers the device as read after its mark: an undo
 * that committed meanwhile is seen (the old state), and one that comes after the mark refuses.
 * The later calls only read (their row no longer needs the mark).
 */
export async function status(ctx: Ctx, input: PlayerStatusBody) {
  const row = await deviceWithKey(ctx, input);
  if (row.activatedAt === null || (row.lastStatusAt !== null && row.lastStatusAt.getTime() >= row.activatedAt.getTime())) return toAnswer(row);
  const marked = await markStatusCall(ctx.db, row.id);
  if (marked && deviceKeyMatches(marked.deviceKey, input.device_key)) return toAnswer(marked);
  return toAnswer(await deviceWithKey(ctx, input));
}

/**
 * The player checks a protected playlist's PIN without ever holding it. The rate limit is what
 * keeps a 4-digit PIN from being guessed. A playlist that is not protected needs no PIN.
 */
export async function verifyPin(ctx: Ctx, input: PlayerPinBody) {
  const device = await deviceWithKey(ctx, input);
  const playlist = await findPlaylist(ctx.db, device.id, input.playlist_id);
  if (!playlist) throw new AppError('NOT_FOUND', { key: 'player.playlistNotFound' });
  if (!playlist.protect) return;
  if (!(await verifySecret(playlist.pinHash, input.pin))) throw new AppError('INVALID_PIN');
}

/**
 * The QR code on the TV (issue 44): the renewal link of the store of the reseller who last
 * activated the device, so the customer renews from a phone without typing the MAC. The key is
 * checked first (403 C10405): a MAC alone is guessable and must not tell whose device it is.
 *
 * The product is the one the device was last sold with while the store still sells it, else the
 * store's first active product for the device's application (its every app still the account's
 * to sell, as the public store lists them). A device with no customer in that account gets a link
 * that names none (customer 0): the order placed from it files its customer by e-mail, as any
 * order does. A device never activated, disabled (the store refuses its orders) or lifetime
 * (nothing to renew), a closed store or one that sells nothing for the app: 404 STORE_LINK_NOT_FOUND.
 */
export async function storeLink(ctx: Ctx, input: PlayerStoreLinkBody): Promise<{ url: string }> {
  const device = await deviceWithKey(ctx, input);
  if (device.disabledAt !== null || device.lifetime) throw new AppError('STORE_LINK_NOT_FOUND');
  const source = await findStoreLinkSource(ctx.db, { id: device.id, appId: device.appId });
  if (!source) throw new AppError('STORE_LINK_NOT_FOUND');
  const { store, link, products } = source;
  const sellable = await sellableApps(ctx.db, store.userId, store.roleId);
  const offered = products.filter((p) => p.appIds.every((app) => sellable.has(app)));
  const product = offered.find((p) => p.id === link?.productId) ?? offered[0];
  if (!product) throw new AppError('STORE_LINK_NOT_FOUND');
  return { url: renewalLink(ctx.config, { slug: store.slug, customerId: link?.customerId ?? 0, deviceId: device.id, productId: product.id }) };
}
