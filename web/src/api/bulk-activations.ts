import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BULK_APPS_SEPARATOR,
  BULK_CSV_HEADER,
  bulkActivationsEndpoint,
  bulkProgressEndpoint,
  type BulkRowResult,
} from '@panel/contract';
import { refreshAfterActivation } from './activation-queries';
import { call } from './client';
import { csvBlob } from '../lib/csv';

export type BulkCsvRow = { mac_address: string; apps: string[]; package: '1-year' | 'lifetime'; comment?: string };

/** A bulk activation file (header `mac_address,apps,package,comment`), as the panel reads it back. */
export const bulkCsv = (rows: readonly BulkCsvRow[]) =>
  csvBlob(
    [[...BULK_CSV_HEADER], ...rows.map((r) => [r.mac_address, r.apps.join(BULK_APPS_SEPARATOR), r.package, r.comment ?? ''])],
    { neutralise: false },
  );

/** The per-row results as a file to keep: the answer's fields, one row each. */
export const bulkResultsCsv = (rows: readonly BulkRowResult[]) =>
  csvBlob([
    ['row', 'mac_address', 'apps', 'package', 'status', 'message', 'cost', 'expire_date'],
    ...rows.map((r) => [String(r.row), r.mac_address, r.apps.join(BULK_APPS_SEPARATOR), r.package, r.status, r.message, String(r.cost), r.expire_date ?? '']),
  ]);

export type BulkRunInput = {
  file: Blob;
  fileName?: string;
  dryRun: boolean;
  /** Makes a real run idempotent: a repeat answers the first run's result and charges nothing. */
  requestId?: string;
};

/** POST /api/bulk-activations: the file and `dry_run`, as multipart. */
export function runBulkActivation({ file, fileName = 'devices.csv', dryRun, requestId }: BulkRunInput) {
  const body = new FormData();
  body.append('dry_run', String(dryRun));
  body.append('file', file, fileName);
  return call(bulkActivationsEndpoint, { body, headers: requestId ? { 'request-id': requestId } : undefined });
}

export function useRunBulkActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBulkActivation,
    onSuccess: (answer) => {
      if (answer.data.dry_run || answer.data.activated === 0) return;
      return refreshAfterActivation(queryClient);
    },
  });
}

/** How far a real run has come (rows done of the file's rows), asked twice a second while it runs. */
export function useBulkProgress(requestId: string | undefined) {
  return useQuery({
    queryKey: ['bulk-activation-progress', requestId],
    queryFn: () => call(bulkProgressEndpoint, { query: { request_id: requestId } }),
    enabled: requestId !== undefined,
    refetchInterval: 500,
    meta: { silent: true },
  });
}
