import { useMutation } from '@tanstack/react-query';
import { devicesExportEndpoint, devicesExportFilename } from '@panel/contract';
import { callDownload, saveDownload } from '../../api/client';

/** GET api/devices-export: every activated device within the caller's reach, as the server's CSV file. */
export const exportDevices = () => callDownload(devicesExportEndpoint, { fallbackName: devicesExportFilename(new Date()) });

export function useExportDevices() {
  return useMutation({ mutationFn: exportDevices, onSuccess: saveDownload });
}
