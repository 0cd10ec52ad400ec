import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activations, applications, devices, users } from '../../db/schema.js';

/**
 * One batch of the export, in id order after `afterId` (keyset: each batch is one short query, no
 * transaction or cursor stays open, and a device appears once even when others are activated
 * meanwhile). The batch's devices are chosen first (a subquery with its limit), and only then is
 * each one's latest activation row (its remark and time) looked up: the look-up runs `size`
 * times, never once per device of the caller. A device activated by a code has no such row.
 */
export async function exportBatch(db: DbOrTx, where: SQL, afterId: number, size: number) {
  const batch = db
    .select({
      id: devices.id,
      applicationId: devices.applicationId,
      activatedBy: devices.activatedBy,
      macAddress: devices.macAddress,
      expireDate: devices.expireDate,
      disabledAt: devices.disabledAt,
      activatedAt: devices.activatedAt,
    })
    .from(devices)
    .where(and(where, gt(devices.id, afterId)))
    .orderBy(asc(devices.id))
    .limit(size)
    .as('batch');
  const latest = db
    .select({ comment: activations.comment, createdAt: activations.createdAt })
    .from(activations)
    .where(eq(activations.deviceId, batch.id))
    // `+ 0`: read the device's few rows through activations_device_idx and sort them, rather
    // than walk the whole table backwards by id until one of them turns up (the plan PostgreSQL
    // picks for `order by id desc limit 1` whenever it guesses the device has many rows).
    .orderBy(desc(sql`${activations.id} + 0`))
    .limit(1)
    .as('latest');
  return db
    .select({
      id: batch.id,
      macAddress: batch.macAddress,
      app: applications.appName,
      expireDate: batch.expireDate,
      disabledAt: batch.disabledAt,
      activatedAt: batch.activatedAt,
      resellerEmail: users.email,
      remark: latest.comment,
      lastActivation: latest.createdAt,
    })
    .from(batch)
    .innerJoin(applications, eq(applications.id, batch.applicationId))
    .innerJoin(users, eq(users.id, batch.activatedBy))
    .leftJoinLateral(latest, sql`true`)
    .orderBy(asc(batch.id));
}
export type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];
