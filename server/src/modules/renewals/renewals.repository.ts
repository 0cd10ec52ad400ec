import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activations, applications, devices, users } from '../../db/schema.js';
import { cappedPage } from '../../lib/capped-page.js';

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
