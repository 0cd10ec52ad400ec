import { useMutation } from '@tanstack/react-query';
import { creditShareReportEndpoint, type DateRangeBody } from '@panel/contract';
import { callDownload, saveDownload } from '../../api/client';

/** POST api/credit-share-log-download-date-range: the ledger rows of a date range as CSV. */
export const downloadCreditShareReport = (body: DateRangeBody) =>
  callDownload(creditShareReportEndpoint, {
    body,
    fallbackName: `credit-share-${body.start_date}-${body.end_date}.csv`,
  });

export function useDownloadCreditShareReport() {
  return useMutation({
    mutationFn: downloadCreditShareReport,
    onSuccess: saveDownload,
  });
}
