import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PACKAGE_TRIAL_CODES, type ActivationPackage, type BulkActivateAnswer, type PlayerDeviceAnswer, type PlayerRegisterAnswer } from '@panel/contract';
import type { TestApp } from './harness.js';
import { rows } from './fixtures.js';
import { fundedAdmin, recharge } from './credit.js';

export type RegisteredDevice = PlayerDeviceAnswer['data'];

let macCounter = 0;
/** A fresh MAC address in the stored form (lower-case pairs joined by colons), unique per call. */
export function uniqueMac(): string {
  macCounter += 1;
  const random = Math.floor(Math.random() * 0xffffff);
  const bytes = [0x0a, (macCounter >> 16) & 0xff, (macCounter >> 8) & 0xff, macCounter & 0xff, (random >> 8) & 0xff, random & 0xff];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** The id of a seeded application, by its name. */
export async function applicationId(t: TestApp, name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(t, sql`select id from applications where app_name = ${name}`);
  return row!.id;
}

/** An installation secret as a player generates one at its first start (16 random bytes, base64url). */
export function deviceSecret(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** Each registered device's installation secret, so that a repeat register gets the key back. */
const secrets = new Map<string, string>();

/** The installation secret registerDevice gave the device `mac` of application `appId`. */
export const secretOf = (appId: number, mac: string) => secrets.get(`${appId} ${mac.toLowerCase().replace(/-/g, ':')}`);

/**
 * A device as a player creates it: POST /api/player/register with the device's installation
 * secret (the harness gives each call its own address, so the per-IP limit never bites). Answers
 * the player answer's `data`, device_key included.
 */
export async function registerDevice(
  t: TestApp,
  options: { appId: number; mac?: string; version?: string; remoteAddress?: string },
): Promise<RegisteredDevice> {
  const mac = options.mac ?? uniqueMac();
  const id = `${options.appId} ${mac.toLowerCase().replace(/-/g, ':')}`;
  if (!secrets.has(id)) secrets.set(id, deviceSecret());
  const res = await t.call({
    method: 'POST',
    url: '/api/player/register',
    payload: { app_id: options.appId, mac_address: mac, device_secret: secrets.get(id), ...(options.version ? { version: options.version } : {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const data = res.json<PlayerRegisterAnswer>().data;
  if (res.statusCode !== 200 || !data.secret_accepted) throw new Error(`player/register failed: ${res.statusCode} ${res.body}`);
  const { secret_accepted: _accepted, ...device } = data;
  return device;
}

/** The device's row as stored (snake_case columns), or undefined. */
export async function deviceRow(t: TestApp, appId: number, mac: string) {
  const [row] = await rows<{
    id: number;
    application_id: number;
    mac_address: string;
    device_key: string;
    expire_date: Date;
    lifetime: boolean;
    is_trial: number;
    activated_by: number | null;
    disabled_at: Date | null;
    remaining_seconds: string | number | null;
    disabled_by_box: boolean;
    ip: string | null;
    app_version: string | null;
    last_seen_at: Date | null;
    secret_hash: string | null;
  }>(t, sql`select *, id::int as id from devices where application_id = ${appId} and mac_address = ${mac.toLowerCase().replace(/-/g, ':')}`);
  return row;
}

/** Gives `user` credit points: the admin credits itself, then recharges the account (POST /api/admin-recharge-credit). */
export async function fundAccount(t: TestApp, user: { email: string }, points: number) {
  const admin = await fundedAdmin(t, points);
  const res = await recharge(t, admin, { email: user.email, points });
  if (res.statusCode !== 200) throw new Error(`recharge failed: ${res.statusCode} ${res.body}`);
}

/**
 * Activates the MAC in these applications as a reseller does (POST /api/bulk-multi-app-activate,
 * confirmed); the devices must have registered. Answers the call's answer.
 */
export async function activateDevice(
  t: TestApp,
  user: { token: string },
  macAddress: string,
  appIds: number[],
  pkg: ActivationPackage = '1-Year',
) {
  const res = await t.call({
    method: 'POST',
    url: '/api/bulk-multi-app-activate',
    token: user.token,
    payload: { requestData: { is_trial: PACKAGE_TRIAL_CODES[pkg], macAddress, app_ids: appIds, isConfirmed: true } },
  });
  if (res.statusCode !== 200) throw new Error(`bulk-multi-app-activate failed: ${res.statusCode} ${res.body}`);
  return res.json<BulkActivateAnswer>();
}

/** A MAC registered by the player in each application and activated there by `user` (who needs the credit). */
export async function activatedDevice(t: TestApp, user: { token: string }, appIds: number[], pkg: ActivationPackage = '1-Year') {
  const mac = uniqueMac();
  const devices = [];
  for (const appId of appIds) devices.push(await registerDevice(t, { appId, mac }));
  await activateDevice(t, user, mac, appIds, pkg);
  return { mac, devices };
}
