import { useMutation } from '@tanstack/react-query';
import { DEVICES_EXPORT_PATH, devicesExportFilename } from '@panel/contract';
import { apiDownload, saveDownload } from '../../api/client';

/** GET api/devices-export: every activated device within the caller's reach, as the server's CSV file. */
export const exportDevices = () => apiDownload(DEVICES_EXPORT_PATH, { fallbackName: devicesExportFilename(new Date()) });

export function useExportDevices() {
  // The page words the failure.
  return useMutation({ mutationFn: exportDevices, meta: { silent: true }, onSuccess: saveDownload });
}
