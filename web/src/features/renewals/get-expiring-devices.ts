import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { expiringDevicesEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type ExpiringDevicesParams = { within_days: number; page_number: number; page_size: number };

/** GET /api/expiring-devices: one page of the devices in reach whose paid time ends within the days, soonest first. */
export const getExpiringDevices = (params: ExpiringDevicesParams, signal?: AbortSignal) =>
  call(expiringDevicesEndpoint, { query: params, signal });

export const expiringDevicesQuery = (params: ExpiringDevicesParams) => ({
  // A real bulk run invalidates ['expiring-devices'] (bulk-activation's useRunBulkActivation).
  queryKey: ['expiring-devices', params] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getExpiringDevices(params, signal),
  placeholderData: keepPreviousData,
  // The table shows a failure in place of its rows.
  meta: { silent: true },
});

export const useExpiringDevices = (params: ExpiringDevicesParams) => useQuery(expiringDevicesQuery(params));
