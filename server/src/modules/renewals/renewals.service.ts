import { and } from 'drizzle-orm';
import type { ExpiringDevice, ExpiringDevicesQuery } from '@panel/contract';
import type { Ctx } from '../../http/context.js';
import { activatedByAccounts, expiringBetween } from '../devices/devices.service.js';
import { idsInReach } from '../resellers/hierarchy.js';
import * as repo from './renewals.repository.js';

const DAY_MS = 86_400_000;

/**
 * GET /api/expiring-devices (Renewals due): the activated devices in the caller's reach (its own
 * and its sub-resellers'; every one for an admin, as the activated apps list) that are enabled,
 * not lifetime, still running and end within the next `within_days` days, soonest first.
 */
export async function expiringDevices({ ctx, query, now = new Date() }: { ctx: Ctx; query: ExpiringDevicesQuery; now?: Date }) {
  const until = new Date(now.getTime() + query.within_days * DAY_MS);
  const where = and(activatedByAccounts(await idsInReach(ctx)), expiringBetween(now, until))!;
  const { entries, total, totalCapped } = await repo.expiringDevicePage(ctx.db, where, { number: query.page_number, size: query.page_size });
  return {
    data: entries.map(
      (row): ExpiringDevice => ({
        id: row.id,
        mac_address: row.macAddress,
        app_id: row.applicationId,
        app: row.app,
        expire_date: row.expireDate.toISOString(),
        reseller_id: row.resellerId,
        reseller_email: row.resellerEmail,
        remark: row.remark,
      }),
    ),
    within_days: query.within_days,
    current_page: query.page_number,
    last_page: Math.max(1, Math.ceil(total / query.page_size)),
    total,
    total_capped: totalCapped,
  };
}
