import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkActivateEndpoint, PACKAGE_TRIAL_CODES, type ActivationPackage } from '@panel/contract';
import { refreshAfterActivation } from '../../api/activation-queries';
import { call } from '../../api/client';

export type BulkActivateInput = {
  /** The activatable apps only: ids and names in the same order. */
  apps: { id: number; name: string }[];
  pkg: ActivationPackage;
  macAddress: string;
  comment: string;
  /** The price shown to the person; the server refuses (PRICE_CHANGED) and charges nothing when it differs. */
  creditPoints?: number;
  /** False asks the price only. */
  isConfirmed: boolean;
};

/** POST /api/bulk-multi-app-activate (business-panel.md §7): one request, one charge, every app or none. */
export const bulkActivate = (input: BulkActivateInput) =>
  call(bulkActivateEndpoint, {
    body: {
      modules: input.apps.map((app) => app.name),
      requestData: {
        is_trial: PACKAGE_TRIAL_CODES[input.pkg],
        macAddress: input.macAddress,
        appType: 'multi-app',
        creditPoints: input.creditPoints ?? null,
        isConfirmed: input.isConfirmed,
        comment: input.comment.trim() || null,
        app_ids: input.apps.map((app) => app.id),
      },
    },
  });

export function useBulkActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkActivate,
    onSuccess: (answer) => {
      if (!answer.activated) return;
      return refreshAfterActivation(queryClient);
    },
  });
}
