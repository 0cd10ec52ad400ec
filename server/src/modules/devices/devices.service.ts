import type {
  CheckDeviceAnswer,
  CheckDeviceBody,
  DevicePlaylist,
  DeviceToggleAnswer,
  DeviceToggleBody,
  DisableBoxesBody,
  EnableBoxesBody,
  ReleaseClaimBody,
} from '@panel/contract';
import { ID_MAX, translate } from '@panel/contract';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { idsInReach, targetWithinReach } from '../resellers/hierarchy.js';
import { devicesOfMac, findApplication, findDevice, isActive, reachesDevice } from './device-access.js';
import { changeDeviceState, type DeviceChange } from './device-state.js';
import * as repo from './devices.repository.js';

// The devices as the other areas read them (activation, player, playlists, renewals, reminders, export).
export * from './device-access.js';

/** Check Mac, Disable/Enable MAC and box management (business-panel.md §3, §4, §7; core-panel.md §3). */

/**
 * The device's playlists the caller may read, and how many others it has. A playlist belongs to
 * the account that saved it and that account's parent (an admin reads all): a reseller who
 * activates a device another one sold learns that it has playlists, never their URLs or
 * credentials. A playlist whose saver is unknown is the admin's alone.
 */
export async function playlistsOf(ctx: Ctx, deviceId: number): Promise<{ visible: DevicePlaylist[]; hidden: number }> {
  const [rows, reach] = await Promise.all([repo.devicePlaylists(ctx.db, deviceId), idsInReach(ctx)]);
  const readable = rows.filter((p) => reach === undefined || (p.createdBy !== null && reach.includes(p.createdBy)));
  const visible = readable.map((p) => ({
    id: p.id,
    playlist_name: p.name,
    url: p.url,
    playlist_type: p.type,
    username: p.username,
    password: p.password,
    epg: p.epgUrl,
    protect: p.protect,
    // The PIN is stored only as a hash and never sent.
    pin: null,
  }));
  return { visible, hidden: rows.length - readable.length };
}

/**
 * Any holder of check-device-status may learn whether a MAC is active; the device key, the
 * player's address and the playlists only go to an admin or the reseller line that activated it,
 * and the activating reseller's e-mail only to holders of mac-activated-by.
 */
export async function checkDevice(ctx: Ctx, input: CheckDeviceBody): Promise<CheckDeviceAnswer> {
  const me = callerOf(ctx);
  const device = await repo.findDeviceDetail(ctx.db, input.app_id, input.macAddress);
  if (!device) throw new AppError('C10404');
  const owner = await reachesDevice(ctx.db, ctx, device);
  const { visible: playlists, hidden } = owner ? await playlistsOf(ctx, device.id) : { visible: [], hidden: 0 };
  const status = isActive(device) ? 'active' : 'expired';
  const msg = translate(ctx.locale, status === 'active' ? 'devices.statusActive' : 'devices.statusExpired');
  return {
    status,
    msg,
    message: msg,
    device: {
      mac_address: device.macAddress,
      app_id: device.applicationId,
      app_type: device.appName,
      expire_date: device.expireDate.toISOString(),
      is_lifetime: device.lifetime,
      is_trial: device.isTrial,
      status,
      disabled: device.disabledAt !== null,
      // The panel keeps no device switches (the specification's fields are answered empty).
      switched_to: null,
      switched_from: null,
      switched_date: null,
      device_key: owner ? device.deviceKey : null,
      ip: owner ? device.ip : null,
      reseller_email: me.permissions.has('mac-activated-by') ? device.resellerEmail : null,
      created_at: device.createdAt.toISOString(),
      playlists,
      hidden_playlists: hidden,
      claimed: owner ? device.secretHash !== null : null,
    },
    playlists,
  };
}

/**
 * Release claim: the player reinstalled on the same box lost its installation secret, so the
 * device forgets the old one and the next register that brings a secret claims it. Only an admin
 * or the reseller line that activated the device (404 C10404 otherwise, as for the toggle).
 */
export async function releaseClaim(ctx: Ctx, input: ReleaseClaimBody) {
  if (!(await findApplication(ctx.db, input.app_id))) throw fieldError('app_id', 'devices.applicationNotFound');
  const device = await findDevice(ctx.db, input.app_id, input.mac_address);
  if (!device || !(await reachesDevice(ctx.db, ctx, device))) throw new AppError('C10404');
  await ctx.db.transaction(async (tx) => {
    await repo.releaseClaim(tx, device.id);
    await audit(ctx, { action: 'device.release-claim', targetType: 'device', targetId: device.id, details: { was_claimed: device.secretHash !== null } }, tx);
  });
}

/** The applications a toggle names: `app_id` and/or `module[]` (ids or names), each once. */
async function toggleApplications(ctx: Ctx, input: DeviceToggleBody) {
  const ids = new Set<number>();
  const names = new Set<string>();
  if (input.app_id) ids.add(input.app_id);
  for (const item of input.module ?? []) {
    if (typeof item === 'number') ids.add(item);
    else if (/^\d{1,10}$/.test(item.trim())) ids.add(Number(item.trim()));
    else if (item.trim()) names.add(item.trim().toLowerCase());
  }
  const safeIds = [...ids].filter((id) => Number.isInteger(id) && id > 0 && id <= ID_MAX);
  const found = await repo.findApplications(ctx.db, safeIds, [...names]);
  const foundIds = new Set(found.map((a) => a.id));
  const foundNames = new Set(found.map((a) => a.appName.toLowerCase()));
  const missing = [...ids].some((id) => !foundIds.has(id)) || [...names].some((n) => !foundNames.has(n));
  if (missing || found.length === 0) {
    throw new AppError('VALIDATION', { fields: { [input.module?.length ? 'module' : 'app_id']: ['devices.applicationNotFound'] } });
  }
  return found;
}

/**
 * Disable or enable one MAC in every application the request names, all or nothing: each device
 * must exist and be the caller's (404 C10404 otherwise, the specification's message), and be in
 * the other state (409), or nothing changes.
 */
export async function toggleDevice(ctx: Ctx, change: DeviceChange, input: DeviceToggleBody): Promise<DeviceToggleAnswer['data']> {
  const apps = await toggleApplications(ctx, input);
  const names = new Map(apps.map((a) => [a.id, a.appName]));
  return ctx.db.transaction(async (tx) => {
    const rows = await devicesOfMac(tx, input.mac_address, [...names.keys()], { lock: true });
    for (const app of apps) {
      const device = rows.find((d) => d.applicationId === app.id);
      if (!device || !(await reachesDevice(tx, ctx, device))) throw new AppError('C10404');
      if (change === 'disable' && device.disabledAt) throw new AppError('DEVICE_ALREADY_DISABLED');
      if (change === 'enable' && !device.disabledAt) throw new AppError('DEVICE_ALREADY_ENABLED');
    }
    const changed = await changeDeviceState(
      ctx,
      tx,
      change,
      rows.map((d) => d.id),
      { action: `device.${change}` },
    );
    return changed.map((d) => ({
      mac_address: d.macAddress,
      module: names.get(d.applicationId)!,
      expire_date: d.expireDate.toISOString(),
      status: isActive(d) ? ('active' as const) : ('expired' as const),
    }));
  });
}

/** The reseller whose boxes are managed: the caller itself, or an account within its reach (C10013/C10014). */
async function boxOwner(ctx: Ctx, resellerId: number): Promise<{ id: number; name: string; email: string }> {
  const me = callerOf(ctx);
  if (resellerId === me.userId) return { id: me.userId, name: me.name, email: me.email };
  return targetWithinReach(ctx, resellerId);
}

/** GET /api/box-management/:id: the reseller and how many boxes each side of the screen can change. */
export async function boxSummary(ctx: Ctx, resellerId: number) {
  const owner = await boxOwner(ctx, resellerId);
  const counts = await repo.countBoxes(ctx.db, owner.id);
  return { id: owner.id, name: owner.name, email: owner.email, active_boxes: counts.active, disabled_boxes: counts.disabled };
}

/**
 * Disables up to `numberOfBoxes` of the reseller's active devices, or enables up to that many of
 * those box management disabled; answers how many changed (fewer when fewer are eligible).
 */
export async function manageBoxes(ctx: Ctx, change: DeviceChange, resellerId: number, numberOfBoxes: number) {
  await boxOwner(ctx, resellerId);
  return ctx.db.transaction(async (tx) => {
    const picked = await repo.pickBoxes(tx, resellerId, change, numberOfBoxes);
    const changed = await changeDeviceState(
      ctx,
      tx,
      change,
      picked.map((d) => d.id),
      { byBox: true, action: `device.box-${change}` },
    );
    return { requested: numberOfBoxes, changed: changed.length };
  });
}

export const disableBoxes = (ctx: Ctx, input: DisableBoxesBody) => manageBoxes(ctx, 'disable', input.resellerId, input.numberOfBoxes);
export const enableBoxes = (ctx: Ctx, input: EnableBoxesBody) => manageBoxes(ctx, 'enable', input.reseller_id, input.numberOfBoxes);
