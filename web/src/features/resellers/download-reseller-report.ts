import { useMutation } from '@tanstack/react-query';
import { creditShareResellerReportEndpoint } from '@panel/contract';
import { callDownload, saveDownload } from '../../api/client';

/** POST api/credit-share-log-download/resellerlist: every ledger row touching the reseller, as CSV. */
export const downloadResellerReport = (id: number) =>
  callDownload(creditShareResellerReportEndpoint, {
    body: { reseller_id: id },
    fallbackName: `credit-share-reseller-${id}.csv`,
  });

export function useDownloadResellerReport() {
  return useMutation({ mutationFn: downloadResellerReport, onSuccess: saveDownload });
}
