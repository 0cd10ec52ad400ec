import { useMutation } from '@tanstack/react-query';
import { activationReportEndpoint } from '@panel/contract';
import { callDownload, saveDownload } from '../../api/client';

/** POST api/activation-report-download-reseller-list: the reseller's activations as CSV. */
export const downloadActivationReport = (id: number) =>
  callDownload(activationReportEndpoint, {
    body: { reseller_id: id },
    fallbackName: `activations-reseller-${id}.csv`,
  });

export function useDownloadActivationReport() {
  return useMutation({ mutationFn: downloadActivationReport, onSuccess: saveDownload });
}
