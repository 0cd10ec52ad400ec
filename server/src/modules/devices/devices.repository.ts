import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { applications, devices, playlists, users } from '../../db/schema.js';

/** The device of a Check Mac, with its application's name and the e-mail of the reseller who activated it. */
export async function findDeviceDetail(db: DbOrTx, applicationId: number, macAddress: string) {
  const [row] = await db
    .select({
      id: devices.id,
      applicationId: devices.applicationId,
      appName: applications.appName,
      macAddress: devices.macAddress,
      deviceKey: devices.deviceKey,
      expireDate: devices.expireDate,
      lifetime: devices.lifetime,
      isTrial: devices.isTrial,
      activatedBy: devices.activatedBy,
      disabledAt: devices.disabledAt,
      ip: devices.ip,
      secretHash: devices.secretHash,
      createdAt: devices.createdAt,
      resellerEmail: users.email,
    })
    .from(devices)
    .innerJoin(applications, eq(applications.id, devices.applicationId))
    .leftJoin(users, eq(users.id, devices.activatedBy))
    .where(and(eq(devices.applicationId, applicationId), eq(devices.macAddress, macAddress)));
  return row;
}

/** A device's playlists, oldest first, with who saved them and without their PIN hashes. */
export function devicePlaylists(db: DbOrTx, deviceId: number) {
  return db
    .select({
      id: playlists.id,
      createdBy: playlists.createdBy,
      name: playlists.name,
      url: playlists.url,
      type: playlists.playlistType,
      username: playlists.username,
      password: playlists.password,
      epgUrl: playlists.epgUrl,
      protect: playlists.protect,
    })
    .from(playlists)
    .where(eq(playlists.deviceId, deviceId))
    .orderBy(asc(playlists.id));
}

/** Forgets the installation secret the device's player holds: the next player to register claims it. */
export async function releaseClaim(db: DbOrTx, deviceId: number) {
  await db.update(devices).set({ secretHash: null }).where(eq(devices.id, deviceId));
}

/** A reseller's devices box management may disable (active ones) or enable (those it disabled). */
function boxesEligible(resellerId: number, change: 'disable' | 'enable') {
  return change === 'disable'
    ? and(eq(devices.activatedBy, resellerId), isNull(devices.disabledAt), gt(devices.expireDate, sql`now()`))
    : and(eq(devices.activatedBy, resellerId), eq(devices.disabledByBox, true), sql`${devices.disabledAt} is not null`);
}

/**
 * Up to `limit` devices of a reseller for box management, locked. SKIP LOCKED: a device another
 * request is changing right now is passed over rather than waited for, so two concurrent requests
 * never pick (and count) the same device.
 */
export function pickBoxes(tx: DbOrTx, resellerId: number, change: 'disable' | 'enable', limit: number) {
  return tx
    .select({ id: devices.id })
    .from(devices)
    .where(boxesEligible(resellerId, change))
    .orderBy(asc(devices.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** How many of a reseller's devices box management could disable and enable now (devices_activated_by_idx). */
export async function countBoxes(db: DbOrTx, resellerId: number) {
  const [row] = await db
    .select({
      active: sql<number>`(count(*) filter (where ${boxesEligible(resellerId, 'disable')}))::int`,
      disabled: sql<number>`(count(*) filter (where ${boxesEligible(resellerId, 'enable')}))::int`,
    })
    .from(devices)
    .where(eq(devices.activatedBy, resellerId));
  return row!;
}

/** Applications by id or by name (case-insensitive). */
export function findApplications(db: DbOrTx, ids: number[], names: string[]) {
  const conditions = [
    ...(ids.length ? [inArray(applications.id, ids)] : []),
    ...(names.length ? [inArray(sql`lower(${applications.appName})`, names.map((n) => n.toLowerCase()))] : []),
  ];
  return db
    .select({ id: applications.id, appName: applications.appName })
    .from(applications)
    .where(or(...conditions));
}
