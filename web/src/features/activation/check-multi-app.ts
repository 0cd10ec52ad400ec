import { useMutation } from '@tanstack/react-query';
import type { CheckMultiAppAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type CheckMultiAppInput = { macAddress: string; app_id: number[] };

/** POST /api/check-device-status-multi-app: each chosen app's status on the device, keyed by app id. */
export const checkMultiApp = (input: CheckMultiAppInput) =>
  api<CheckMultiAppAnswer>('/check-device-status-multi-app', { method: 'POST', body: input });

export const useCheckMultiApp = () =>
  useMutation({
    mutationFn: checkMultiApp,
    // The activation form puts field messages under its inputs and words the rest itself.
    meta: { silent: true },
  });
