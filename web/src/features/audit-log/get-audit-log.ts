import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { auditLogEndpoint, auditLogExportEndpoint, type AuditEventKind } from '@panel/contract';
import { call, callDownload, saveDownload } from '../../api/client';

/** What the Activity screen asks the server for. */
export type AuditLogFilters = {
  page: number;
  per_page: number;
  type: AuditEventKind | '';
  account: string;
  /** yyyy-mm-dd, both ends included. */
  date_from: string;
  date_to: string;
};

/** GET /api/audit-log: one page of the rows the caller may read, newest first. */
export const getAuditLog = (filters: AuditLogFilters, signal?: AbortSignal) => call(auditLogEndpoint, { query: filters, signal });

export const useAuditLog = (filters: AuditLogFilters) =>
  useQuery({
    queryKey: ['audit-log', filters] as const,
    queryFn: ({ signal }) => getAuditLog(filters, signal),
    placeholderData: keepPreviousData,
    // The page shows a failure in place of the rows, or under the dates for a 422.
    meta: { silent: true },
  });

/** GET /api/audit-log/export: every row of the filters, as the server's CSV file. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: ({ page: _, per_page: __, ...filters }: AuditLogFilters) => callDownload(auditLogExportEndpoint, { query: filters, fallbackName: 'audit-log.csv' }),
    onSuccess: saveDownload,
  });
}
