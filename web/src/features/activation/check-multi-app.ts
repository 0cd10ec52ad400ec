import { useMutation } from '@tanstack/react-query';
import { checkMultiAppEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type CheckMultiAppInput = { macAddress: string; app_id: number[] };

/** POST /api/check-device-status-multi-app: each chosen app's status on the device, keyed by app id. */
export const checkMultiApp = (input: CheckMultiAppInput) =>
  call(checkMultiAppEndpoint, { body: input });

export const useCheckMultiApp = () => useMutation({ mutationFn: checkMultiApp });
