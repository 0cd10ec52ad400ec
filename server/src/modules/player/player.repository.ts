import { and, eq, sql } from 'drizzle-orm';
import type { PlayerPlaylist } from '@panel/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { applications, devices, playlists } from '../../db/schema.js';

/**
 * The device with its application's name and its playlists, in one indexed query (devices_app_mac_idx,
 * then playlists_device_idx inside the subquery): the status call is what every player sends on each
 * start, so it costs one round trip. The PIN hash is never selected.
 */
const playlistsJson = sql<PlayerPlaylist[]>`coalesce((
  select json_agg(json_build_object(
    'id', p.id, 'name', p.name, 'url', p.url, 'type', p.playlist_type, 'username', p.username,
    'password', p.password, 'epg_url', p.epg_url, 'protect', p.protect) order by p.id)
  from ${playlists} p where p.device_id = ${devices.id}), '[]'::json)`;

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
  playlists: playlistsJson,
};

function prepareLookup(db: Db) {
  return db
    .select(deviceColumns)
    .from(devices)
    .innerJoin(applications, eq(applications.id, devices.applicationId))
    .where(and(eq(devices.applicationId, sql.placeholder('appId')), eq(devices.macAddress, sql.placeholder('mac'))))
    .prepare('player_device');
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

export type PlayerDeviceRow = Awaited<ReturnType<typeof findPlayerDevice>>;

/** Prepared once per database (as the session lookup is): the statement is parsed and planned once per connection. */
export async function findPlayerDevice(db: Db, appId: number, mac: string) {
  let statement = lookups.get(db);
  if (!statement) lookups.set(db, (statement = prepareLookup(db)));
  const [row] = await statement.execute({ appId, mac });
  return row;
}

/**
 * Creates the device on its first call, or records the player's address, version and last visit
 * on a repeat. One statement: two first calls at the same moment meet on the unique index
 * (application, MAC) and the second updates the row the first created, keeping its key and trial.
 */
export async function upsertDevice(
  db: DbOrTx,
  values: { appId: number; mac: string; deviceKey: string; trialDays: number; ip: string; version: string | undefined },
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
    })
    .onConflictDoUpdate({
      target: [devices.applicationId, devices.macAddress],
      set: {
        ip: sql`excluded.ip`,
        appVersion: sql`coalesce(excluded.app_version, ${devices.appVersion})`,
        lastSeenAt: sql`excluded.last_seen_at`,
      },
    })
    .returning({ id: devices.id });
  return row!;
}

export async function findPlaylist(db: DbOrTx, deviceId: number, playlistId: number) {
  const [row] = await db
    .select({ id: playlists.id, protect: playlists.protect, pinHash: playlists.pinHash })
    .from(playlists)
    .where(and(eq(playlists.id, playlistId), eq(playlists.deviceId, deviceId)));
  return row;
}
