import { DEVICES_EXPORT_COLUMNS, type DeviceExportStatus } from '@panel/contract';
import type { Ctx } from '../../http/context.js';
import { csvReport } from '../../lib/csv.js';
import { activatedByAccounts } from '../devices/devices.service.js';
import { idsInReach } from '../resellers/hierarchy.js';
import * as repo from './devices-export.repository.js';

/** Disabled wins over the expiry (a disabled device does not play whatever its date); lifetime devices are active. */
export function exportStatus(row: Pick<repo.ExportRow, 'disabledAt' | 'expireDate'>, now: Date): DeviceExportStatus {
  if (row.disabledAt !== null) return 'disabled';
  return row.expireDate.getTime() > now.getTime() ? 'active' : 'expired';
}

/**
 * GET /api/devices-export: the caller's activated devices, its own and its sub-resellers' (an
 * admin's: every one), the reach of the activated apps list, as CSV text chunks of one batch
 * each. No devices is a file with the header alone. Statuses are judged at the moment of the
 * request, so the whole file reads one clock.
 */
export async function exportDevices({ ctx, batchSize }: { ctx: Ctx; batchSize?: number }): Promise<AsyncIterable<string>> {
  const where = activatedByAccounts(await idsInReach(ctx));
  const now = new Date();
  return csvReport({
    header: DEVICES_EXPORT_COLUMNS,
    batch: (afterId, size) => repo.exportBatch(ctx.db, where, afterId, size),
    line: (r) => [
      r.macAddress,
      r.app,
      r.expireDate.toISOString(),
      exportStatus(r, now),
      r.resellerEmail,
      r.remark,
      // A code's activation writes no activation row: its time is the device's.
      (r.lastActivation ?? r.activatedAt)?.toISOString() ?? null,
    ],
    bom: true,
    batchSize,
  });
}
