import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, not, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activations, applications, devices, users } from '../../db/schema.js';
import { cappedPage } from '../../lib/capped-page.js';

/**
 * Devices activated by these accounts (undefined: every activated device). Constants rather than a
 * subquery, as activation's `byAccounts`: the planner then walks `devices_activated_by_idx`
 * (activated_by, disabled_at) for each account, reading only its enabled devices.
 */
export function activatedByAccounts(ids: number[] | undefined): SQL {
  if (ids === undefined) return isNotNull(devices.activatedBy);
  return ids.length > 0 ? inArray(devices.activatedBy, ids) : sql`false`;
}

/**
 * Enabled, paid for a limited time, and ending after `from` but no later than `to`. A lifetime
 * device stores a far-future expiry as well; `lifetime` is tested too so that none ever shows.
 */
export function expiringBetween(from: Date, to: Date): SQL {
  return and(isNull(devices.disabledAt), not(devices.lifetime), gt(devices.expireDate, from), lte(devices.expireDate, to))!;
}

/**
 * The remark of the device's latest activation (null when it had none or its latest has none):
 * one probe of `activations_device_idx` per row of the page, never a join over every activation.
 */
const lastRemark = sql<string | null>`(
  select ${activations.comment} from ${activations}
  where ${activations.deviceId} = ${devices.id}
  order by ${activations.createdAt} desc, ${activations.id} desc
  limit 1
)`;

/** A page of expiring devices, soonest first (ties by id, so pages never overlap), with its capped total. */
export async function expiringDevicePage(db: DbOrTx, where: SQL, page: { number: number; size: number }) {
  const offset = (page.number - 1) * page.size;
  return cappedPage(db, db.select({ one: sql`1` }).from(devices).where(where), offset, (matching) =>
    db
      .select({
        id: devices.id,
        macAddress: devices.macAddress,
        applicationId: devices.applicationId,
        app: applications.appName,
        expireDate: devices.expireDate,
        resellerId: users.id,
        resellerEmail: users.email,
        remark: lastRemark,
        matching,
      })
      .from(devices)
      .innerJoin(applications, eq(applications.id, devices.applicationId))
      .innerJoin(users, eq(users.id, devices.activatedBy))
      .where(where)
      .orderBy(asc(devices.expireDate), asc(devices.id))
      .limit(page.size)
      .offset(offset),
  );
}
