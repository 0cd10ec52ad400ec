import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ResetPlaylistBody, SavePlaylistBody, UpdatePlaylistBody } from '@panel/contract';
import { devices, playlists } from '../../db/schema.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { hashSecret } from '../../lib/secrets.js';
import { deviceKeyMatches, devicesInReach, findApplication, findDevice, reachesDevice } from '../devices/devices.service.js';

/** Playlists pushed to devices and the domain change (business-panel.md §5, §7 "Playlists and domain"). */

async function applicationOf(ctx: Ctx, appId: number) {
  const application = await findApplication(ctx.db, appId);
  if (!application) throw fieldError('app_id', 'devices.applicationNotFound');
  return application;
}

/** The caller's device: 404 C10404 when the application has no such MAC, 403 C10403 when it is another reseller's. */
async function ownDevice(ctx: Ctx, appId: number, macAddress: string) {
  const device = await findDevice(ctx.db, appId, macAddress);
  if (!device) throw new AppError('C10404');
  if (!(await reachesDevice(ctx.db, ctx, device))) throw new AppError('C10403');
  return device;
}

/** Adds a general (M3U) or Xtream Codes playlist; a protect PIN is stored only as its argon2id hash. */
export async function savePlaylist(ctx: Ctx, input: SavePlaylistBody) {
  const me = callerOf(ctx);
  await applicationOf(ctx, input.app_id);
  const device = await ownDevice(ctx, input.app_id, input.mac_address);
  const xc = input.playlist_type === 'xc';
  const pinHash = input.protect ? await hashSecret(input.pin!) : null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(playlists)
      .values({
        deviceId: device.id,
        playlistType: input.playlist_type,
        name: input.playlist_name,
        url: input.playlist_url,
        username: xc ? input.username!.trim() : null,
        password: xc ? input.password! : null,
        epgUrl: input.xml_url || null,
        protect: input.protect,
        pinHash,
        createdBy: me.userId,
      })
      .returning({ id: playlists.id });
    await audit(
      ctx,
      { action: 'playlist.save', targetType: 'device', targetId: device.id, details: { playlist_id: row!.id, type: input.playlist_type, protect: input.protect } },
      tx,
    );
    return { id: row!.id };
  });
}

/**
 * Clears the device's playlists of one type. For the applications that need it (BOBPLAYER,
 * IBOPLAYER) the device key shown on the player proves the reseller has the device in hand.
 */
export async function resetPlaylist(ctx: Ctx, input: ResetPlaylistBody) {
  const application = await applicationOf(ctx, input.app_id);
  const key = input.device_key?.trim() ?? '';
  if (application.needsDeviceKey && !key) throw fieldError('device_key', 'validation.deviceKeyRequired');
  const device = await ownDevice(ctx, input.app_id, input.mac_address);
  if (application.needsDeviceKey && !deviceKeyMatches(device.deviceKey, key)) throw new AppError('C10405');
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(playlists)
      .where(and(eq(playlists.deviceId, device.id), eq(playlists.playlistType, input.playlist_type)))
      .returning({ id: playlists.id });
    await audit(ctx, { action: 'playlist.reset', targetType: 'device', targetId: device.id, details: { type: input.playlist_type, removed: removed.length } }, tx);
    return { removed: removed.length };
  });
}

/** `http://Old.example.com:8080/path` → the origin part (compared case-insensitively) and the rest (compared as is). */
function splitDomain(value: string): { origin: string; rest: string } {
  const match = /^(https?:\/\/[^/?#]+)(.*)$/i.exec(value);
  return match ? { origin: match[1]!, rest: match[2]! } : { origin: value, rest: '' };
}

/**
 * Whether `column` starts with the old domain at a boundary: `http://a.com` matches
 * `http://a.com`, `http://A.com/x`, `http://a.com:8080/x`, `http://a.com?x`, never `http://a.com.evil/x`.
 */
function startsWithDomain(column: SQL | typeof playlists.url, old: { origin: string; rest: string }): SQL {
  const originLength = old.origin.length;
  const prefixLength = originLength + old.rest.length;
  return sql`(lower(left(${column}, ${originLength}::int)) = ${old.origin.toLowerCase()}
    and substr(${column}, ${originLength + 1}::int, ${old.rest.length}::int) = ${old.rest}
    and (length(${column}) = ${prefixLength}::int or substr(${column}, ${prefixLength + 1}::int, 1) in ('/', ':', '?', '#')))`;
}

/**
 * Change domain: in one statement, rewrites the old scheme and host of every playlist URL and
 * EPG URL of the application's devices the caller reaches (every device for an admin).
 */
export async function updateDomain(ctx: Ctx, input: UpdatePlaylistBody) {
  await applicationOf(ctx, input.app_id);
  const old = splitDomain(input.current_playlist_url);
  const prefixLength = old.origin.length + old.rest.length;
  const reach = devicesInReach(ctx.db, ctx);
  const scope = ctx.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.applicationId, input.app_id), reach));
  const urlMatches = startsWithDomain(playlists.url, old);
  const epgMatches = startsWithDomain(sql`coalesce(${playlists.epgUrl}, '')`, old);
  return ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(playlists)
      .set({
        url: sql`case when ${urlMatches} then ${input.new_domain} || substr(${playlists.url}, ${prefixLength + 1}::int) else ${playlists.url} end`,
        epgUrl: sql`case when ${epgMatches} then ${input.new_domain} || substr(${playlists.epgUrl}, ${prefixLength + 1}::int) else ${playlists.epgUrl} end`,
      })
      .where(and(inArray(playlists.deviceId, scope), sql`(${urlMatches} or ${epgMatches})`))
      .returning({ id: playlists.id });
    await audit(
      ctx,
      {
        action: 'playlist.change-domain',
        targetType: 'application',
        targetId: input.app_id,
        details: { from: input.current_playlist_url, to: input.new_domain, updated: updated.length },
      },
      tx,
    );
    return { updated: updated.length };
  });
}
