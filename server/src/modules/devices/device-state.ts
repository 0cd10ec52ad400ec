import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { LIFETIME_EXPIRY, type AuditDetails } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, devices } from '../../db/schema.js';
import type { Ctx } from '../../http/context.js';

/**
 * Disabling and enabling a device: the one state change behind Disable/Enable MAC and box
 * management (business-panel.md §4: disable sets the expiry to yesterday, enable to today).
 *
 * A customer never loses days they paid for: disable remembers the paid time left
 * (`remaining_seconds`), enable gives it back from the moment of enabling. A lifetime device
 * keeps its flag and comes back lifetime; a device with no time left comes back until the end
 * of today (UTC), as the specification's enable does.
 */

export type DeviceChange = 'disable' | 'enable';

export type ChangedDevice = {
  id: number;
  applicationId: number;
  macAddress: string;
  expireDate: Date;
  lifetime: boolean;
  remainingSeconds: number | null;
  disabledAt: Date | null;
};

const returning = {
  id: devices.id,
  applicationId: devices.applicationId,
  macAddress: devices.macAddress,
  expireDate: devices.expireDate,
  lifetime: devices.lifetime,
  remainingSeconds: devices.remainingSeconds,
  disabledAt: devices.disabledAt,
};

const AUDIT_CHUNK = 2000;

/** The last second of today in UTC. */
const endOfTodayUtc = sql`(date_trunc('day', now() at time zone 'UTC') + interval '1 day' - interval '1 second') at time zone 'UTC'`;

/**
 * Changes the given devices in one statement and writes one audit row per changed device. The
 * caller holds the rows locked in the same transaction `tx`; the state condition in the WHERE
 * (enabled for a disable, disabled for an enable) means a device already in the wanted state is
 * left alone and not reported, whatever raced with the caller.
 */
export async function changeDeviceState(
  ctx: Ctx,
  tx: DbOrTx,
  change: DeviceChange,
  ids: readonly number[],
  options: { byBox?: boolean; action: 'device.disable' | 'device.enable' | 'device.box-disable' | 'device.box-enable' },
): Promise<ChangedDevice[]> {
  if (ids.length === 0) return [];
  const changed =
    change === 'disable'
      ? await tx
          .update(devices)
          .set({
            // Paid time left now, in whole seconds; a lifetime device needs none (its flag stays).
            remainingSeconds: sql`case when ${devices.lifetime} then null
              else greatest(0, floor(extract(epoch from (${devices.expireDate} - now()))))::bigint end`,
            disabledAt: sql`now()`,
            expireDate: sql`now() - interval '1 day'`,
            disabledByBox: options.byBox ?? false,
          })
          .where(and(inArray(devices.id, [...ids]), isNull(devices.disabledAt)))
          .returning(returning)
      : await tx
          .update(devices)
          .set({
            expireDate: sql`case
              when ${devices.lifetime} then ${LIFETIME_EXPIRY}::timestamptz
              when coalesce(${devices.remainingSeconds}, 0) > 0 then now() + make_interval(secs => ${devices.remainingSeconds})
              else ${endOfTodayUtc} end`,
            disabledAt: null,
            remainingSeconds: null,
            disabledByBox: false,
          })
          .where(and(inArray(devices.id, [...ids]), isNotNull(devices.disabledAt)))
          .returning(returning);

  // Few statements for the audit rows too: box management may change thousands of devices at once
  // (in chunks: a statement carries at most 65535 parameters).
  for (let start = 0; start < changed.length; start += AUDIT_CHUNK) {
    await tx.insert(auditLog).values(
      changed.slice(start, start + AUDIT_CHUNK).map((d) => ({
        actorId: ctx.auth?.userId ?? null,
        action: options.action,
        targetType: 'device',
        targetId: String(d.id),
        details: {
          application_id: d.applicationId,
          mac_address: d.macAddress,
          expire_date: d.expireDate.toISOString(),
          lifetime: d.lifetime,
          ...(change === 'disable' ? { remaining_seconds: d.remainingSeconds } : {}),
          ...(options.byBox ? { by_box: true } : {}),
        } satisfies AuditDetails<'device.disable'>,
        ip: ctx.ip,
      })),
    );
  }
  return changed;
}
