import { useMutation } from '@tanstack/react-query';
import type { ActivationReportBody } from '@panel/contract';
import { apiDownload, saveDownload } from '../../api/client';

/** POST api/activation-report-download-reseller-list: the reseller's activations as CSV. */
export const downloadActivationReport = (id: number) =>
  apiDownload('/activation-report-download-reseller-list', {
    method: 'POST',
    body: { reseller_id: id } satisfies ActivationReportBody,
    fallbackName: `activations-reseller-${id}.csv`,
  });

export function useDownloadActivationReport() {
  return useMutation({ mutationFn: downloadActivationReport, meta: { silent: true }, onSuccess: saveDownload });
}
