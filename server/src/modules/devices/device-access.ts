import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, not, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { applications, devices, users } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';
import { accountsInReach } from '../resellers/hierarchy.js';

/**
 * Who owns a device, shared by every devices, activation and playlists service: the reseller of
 * its last paid activation. A caller reaches the devices it activated and those of its
 * sub-resellers; an admin reaches every device.
 */

export type DeviceRow = typeof devices.$inferSelect;

/** Active while enabled and before its expiry (a lifetime activation stores a far-future expiry). */
export function isActive(device: Pick<DeviceRow, 'expireDate' | 'disabledAt'>, now = new Date()): boolean {
  return device.disabledAt === null && device.expireDate.getTime() > now.getTime();
}

export async function findDevice(db: DbOrTx, applicationId: number, macAddress: string) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.applicationId, applicationId), eq(devices.macAddress, macAddress)));
  return row;
}

/**
 * The devices of one MAC address in these applications. With `lock`, the rows are locked in id
 * order (the order box management locks in too): two requests for overlapping applications of one
 * MAC queue on the same first row and never wait on each other in a circle, and nothing changes a
 * device between its check and its change.
 */
export function devicesOfMac(db: DbOrTx, macAddress: string, applicationIds: number[], options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(devices)
    .where(and(eq(devices.macAddress, macAddress), inArray(devices.applicationId, applicationIds)))
    .orderBy(asc(devices.id));
  return options.lock ? query.for('update') : query;
}

/**
 * Devices with a paid activation (`activated_by` set) carried by these accounts (undefined: every
 * one, for an admin). The ids are constants, as in activation's `byAccounts`: the planner walks
 * `devices_activated_by_idx` for each account.
 */
export function activatedByAccounts(ids: number[] | undefined): SQL {
  if (ids === undefined) return isNotNull(devices.activatedBy);
  return ids.length > 0 ? inArray(devices.activatedBy, ids) : sql`false`;
}

/**
 * Enabled, paid for a limited time, and ending after `from` but no later than `to` (Renewals due,
 * the expiry reminders). A lifetime device stores a far-future expiry as well; `lifetime` is
 * tested too so that none ever shows.
 */
export function expiringBetween(from: Date, to: Date): SQL {
  return and(isNull(devices.disabledAt), not(devices.lifetime), gt(devices.expireDate, from), lte(devices.expireDate, to))!;
}

/** Devices the caller reaches, as a condition on `devices` (undefined: every device, for an admin). */
export function devicesInReach(db: DbOrTx, ctx: Ctx): SQL | undefined {
  const reach = accountsInReach(ctx);
  if (!reach) return undefined;
  return inArray(devices.activatedBy, db.select({ id: users.id }).from(users).where(reach));
}

/** Whether the caller reaches this one device. */
export async function reachesDevice(db: DbOrTx, ctx: Ctx, device: Pick<DeviceRow, 'id' | 'activatedBy'>): Promise<boolean> {
  const reach = devicesInReach(db, ctx);
  if (!reach) return true;
  if (device.activatedBy === null) return false;
  const [row] = await db.select({ id: devices.id }).from(devices).where(and(eq(devices.id, device.id), reach));
  return row !== undefined;
}

export async function findApplication(db: DbOrTx, id: number) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** Compares a device key in constant time (equal-length digests), so timing does not reveal how much of a guess was right. */
export function deviceKeyMatches(stored: string, given: string): boolean {
  const a = crypto.hash('sha256', stored, 'buffer');
  const b = crypto.hash('sha256', given, 'buffer');
  return crypto.timingSafeEqual(a, b);
}
