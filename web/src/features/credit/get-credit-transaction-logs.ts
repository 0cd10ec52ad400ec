import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creditLogsEndpoint, type CreditTrType } from '@panel/contract';
import { call } from '../../api/client';

export type CreditLogsParams = {
  transaction_type: readonly CreditTrType[];
  page_number: number;
  page_size: number;
  keyword: string;
  sort_key: 'created_at' | 'id' | 'tr_type' | 'credit_point';
  sort_type: 'asc' | 'desc';
};

/** POST api/credit-transaction-logs: one page of the ledger, only the rows the caller may see. */
export const getCreditTransactionLogs = (params: CreditLogsParams, signal?: AbortSignal) =>
  call(creditLogsEndpoint, {
    body: { ...params, transaction_type: [...params.transaction_type], keyword: params.keyword || undefined },
    signal,
  });

export const creditTransactionLogsQuery = (params: CreditLogsParams) => ({
  queryKey: ['credit-transaction-logs', params],
  queryFn: ({ signal }: { signal: AbortSignal }) => getCreditTransactionLogs(params, signal),
  placeholderData: keepPreviousData,
  // The table shows a failure in place of its rows.
  meta: { silent: true },
});

export const useCreditTransactionLogs = (params: CreditLogsParams) => useQuery(creditTransactionLogsQuery(params));
