import { useMutation } from '@tanstack/react-query';
import type { ResellerReportBody } from '@panel/contract';
import { apiDownload, saveDownload } from '../../api/client';

/** POST api/credit-share-log-download/resellerlist: every ledger row touching the reseller, as CSV. */
export const downloadResellerReport = (id: number) =>
  apiDownload('/credit-share-log-download/resellerlist', {
    method: 'POST',
    body: { reseller_id: id } satisfies ResellerReportBody,
    fallbackName: `credit-share-reseller-${id}.csv`,
  });

export function useDownloadResellerReport() {
  return useMutation({ mutationFn: downloadResellerReport, meta: { silent: true }, onSuccess: saveDownload });
}
