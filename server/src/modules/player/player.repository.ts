import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PlayerPlaylist } from '@panel/contract';
import { perDatabase, type Db, type DbOrTx } from '../../db/client.js';
import { activationCodes, applications, customerDevices, customers, devices, playlists, storefrontProducts, storefronts, users } from '../../db/schema.js';
import { roundBatch } from '../../lib/round-batch.js';

/**
 * The device with its application's name and its playlists (the PIN hash is never selected).
 * Every player asks for this on each start, so look-ups arriving together share one statement
 * (roundBatch): the keys are matched on devices_app_mac_idx, each device's playlists (its own and
 * those of the codes it redeemed) through playlists_device_idx and playlists_code_idx.
 */
const playlistsJson = sql<PlayerPlaylist[]>`coalesce((
  select json_agg(json_build_object(
    'id', p.id, 'name', p.name, 'url', p.url, 'type', p.playlist_type, 'username', p.username,
    'password', p.password, 'epg_url', p.epg_url, 'protect', p.protect) order by p.id)
  from ${playlists} p
  where p.device_id = ${devices.id}
     or p.code_id = any(array(select c.id from ${activationCodes} c where c.device_id = ${devices.id}))), '[]'::json)`;

const deviceColumns = {
  id: devices.id,
  appId: devices.applicationId,
  appName: applications.appName,
  macAddress: devices.macAddress,
  deviceKey: devices.deviceKey,
  expireDate: devices.expireDate,
  lifetime: devices.lifetime,
  isTrial: devices.isTrial,
  disabledAt: devices.disabledAt,
  activatedAt: devices.activatedAt,
  lastStatusAt: devices.lastStatusAt,
  secretHash: devices.secretHash,
  playlists: playlistsJson,
};

function prepareLookup(db: Db) {
  return db
    .select(deviceColumns)
    .from(devices)
    .innerJoin(applications, eq(applications.id, devices.applicationId))
    .where(
      sql`(${devices.applicationId}, ${devices.macAddress}) in (select * from unnest(${sql.placeholder('appIds')}::int[], ${sql.placeholder('macs')}::text[]))`,
    )
    .prepare('player_devices');
}

export type PlayerDeviceRow = Awaited<ReturnType<ReturnType<typeof prepareLookup>['execute']>>[number];

type DeviceKey = { appId: number; mac: string };
const deviceId = (appId: number, mac: string) => `${appId} ${mac}`;

const deviceLookup = perDatabase((db) => {
  const statement = prepareLookup(db);
  return roundBatch<DeviceKey, PlayerDeviceRow>({
    load: (keys) => statement.execute({ appIds: keys.map((k) => k.appId), macs: keys.map((k) => k.mac) }),
    keyId: (k) => deviceId(k.appId, k.mac),
    rowId: (row) => deviceId(row.appId, row.macAddress),
  });
});

/** The device `mac` (normalised) of application `appId`, or undefined. */
export async function findPlayerDevice(db: Db, appId: number, mac: string) {
  return deviceLookup(db)({ appId, mac });
}

/**
 * Creates the device on its first call, or records the player's address, version and last visit
 * on a repeat (`inserted` tells which). One statement: two first calls at the same moment meet on the unique index
 * (application, MAC) and the second updates the row the first created, keeping its key and trial.
 */
export async function upsertDevice(
  db: DbOrTx,
  values: { appId: number; mac: string; deviceKey: string; trialDays: number; ip: string; version: string | undefined; secretHash: string | null },
) {
  const [row] = await db
    .insert(devices)
    .values({
      applicationId: values.appId,
      macAddress: values.mac,
      deviceKey: values.deviceKey,
      expireDate: sql`now() + make_interval(days => ${values.trialDays})`,
      isTrial: 1,
      ip: values.ip,
      appVersion: values.version ?? null,
      lastSeenAt: sql`now()`,
      secretHash: values.secretHash,
    })
    .onConflictDoUpdate({
      target: [devices.applicationId, devices.macAddress],
      set: {
        ip: sql`excluded.ip`,
        appVersion: sql`coalesce(excluded.app_version, ${devices.appVersion})`,
        lastSeenAt: sql`excluded.last_seen_at`,
        // The first call that brings a secret claims a device that has none; a stored one is never replaced here.
        secretHash: sql`coalesce(${devices.secretHash}, excluded.secret_hash)`,
      },
    })
    // A row this statement inserted has no deleting transaction yet (xmax 0); an updated one has this one's.
    .returning({ id: devices.id, inserted: sql<boolean>`xmax = 0` });
  return row!;
}

export async function findPlaylist(db: DbOrTx, deviceId: number, playlistId: number) {
  const [row] = await db
    .select({ id: playlists.id, protect: playlists.protect, pinHash: playlists.pinHash })
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), eq(playlists.deviceId, deviceId)));
  return row;
}

/**
 * The status call's mark (issue 27): the device's first status call since its last paid activation
 * sets `last_status_at`. An UPDATE takes the row lock: while an undo holds the device it waits, and
 * once its mark is written an undo that locks the device after sees it and refuses. The condition
 * is rechecked on the row as it is when the lock is granted.
 *
 * The same statement answers the device as the status call shows it (RETURNING reads the row
 * version it marked, so an undo committed while it waited is seen), one round trip instead of a
 * mark and a second read; undefined when nothing was marked (the condition no longer held, as when
 * another call marked first), and the caller reads the device again. Prepared once per database.
 */
const markStatement = perDatabase((db) =>
  db
    .update(devices)
    .set({ lastStatusAt: sql`clock_timestamp()` })
    .from(applications)
    .where(
      and(
        eq(devices.id, sql.placeholder('id')),
        eq(applications.id, devices.applicationId),
        sql`${devices.activatedAt} is not null and (${devices.lastStatusAt} is null or ${devices.lastStatusAt} < ${devices.activatedAt})`,
      ),
    )
    .returning(deviceColumns)
    .prepare('player_mark_status'),
);

export async function markStatusCall(db: Db, deviceId: number): Promise<PlayerDeviceRow | undefined> {
  const [row] = await markStatement(db).execute({ id: deviceId });
  return row;
}

/**
 * What the player's store link is made of (issue 44): the open store of the account that last
 * activated the device (enabled, its account enabled and not deleted: the rule of the public store),
 * the device's latest link to a customer of that account with the product it was last sold with,
 * and the store's active products that sell the device's application, oldest first. Undefined
 * when the device was never activated or that account has no open store.
 */
export async function findStoreLinkSource(db: Db, device: { id: number; appId: number }) {
  const [store] = await db
    .select({ id: storefronts.id, slug: storefronts.slug, userId: storefronts.userId, roleId: users.roleId })
    .from(devices)
    .innerJoin(storefronts, eq(storefronts.userId, devices.activatedBy))
    .innerJoin(users, eq(users.id, storefronts.userId))
    .where(and(eq(devices.id, device.id), eq(storefronts.enabled, true), eq(users.status, 1), isNull(users.deletedAt)));
  if (!store) return undefined;
  // A device may be linked to several customers of the account (each link is a pair): the latest wins.
  const [link] = await db
    .select({ customerId: customerDevices.customerId, productId: customerDevices.productId })
    .from(customerDevices)
    .innerJoin(customers, eq(customers.id, customerDevices.customerId))
    .where(and(eq(customerDevices.deviceId, device.id), eq(customers.userId, store.userId)))
    .orderBy(desc(customerDevices.id))
    .limit(1);
  const products = await db
    .select({ id: storefrontProducts.id, appIds: storefrontProducts.appIds })
    .from(storefrontProducts)
    .where(
      and(
        eq(storefrontProducts.storefrontId, store.id),
        eq(storefrontProducts.active, true),
        isNull(storefrontProducts.deletedAt),
        sql`${device.appId} = any(${storefrontProducts.appIds})`,
      ),
    )
    .orderBy(asc(storefrontProducts.id));
  return { store, link, products };
}
