import { endpoint } from './endpoint.js';

/**
 * The devices export (issue 13): GET /api/devices-export answers the caller's activated devices
 * (its own and its sub-resellers'; an admin's: all) as one CSV file, streamed.
 */

/**
 * The file's columns, in this order; names, not translations, so scripts can read the file in
 * any language. Times are ISO 8601 in UTC; a lifetime device's expire_date is LIFETIME_EXPIRY
 * (9999-12-31). remark and last_activation are those of the device's latest activation.
 */
export const DEVICES_EXPORT_COLUMNS = ['mac_address', 'app', 'expire_date', 'status', 'reseller_email', 'remark', 'last_activation'] as const;

/**
 * The status column: disabled (by its reseller or box management) wins over the expiry; a
 * lifetime device is active.
 */
export const DEVICE_EXPORT_STATUSES = ['active', 'expired', 'disabled'] as const;
export type DeviceExportStatus = (typeof DEVICE_EXPORT_STATUSES)[number];

/** The file's name for a day (`devices-2026-01-31.csv`, the server's UTC date). */
export const devicesExportFilename = (day: Date) => `devices-${day.toISOString().slice(0, 10)}.csv`;

/** The activated apps list's permission: the export is that list's devices as a file (no answer schema: CSV). */
export const devicesExportEndpoint = endpoint({
  method: 'GET',
  path: '/devices-export',
  tags: ['activation'],
  permission: 'platform-users list',
  description:
    "The caller's activated devices (its own and its sub-resellers'; an admin's: all) as CSV, in device order, streamed: mac_address, app, expire_date, status (active, expired, disabled), reseller_email, remark, last_activation. Times are ISO 8601 UTC; a lifetime device is active until 9999-12-31. Cells starting with = + - @ are prefixed with a quote.",
});
