import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResellerIdBody } from '@panel/contract';
import { api } from '../../api/client';

/** POST /api/resellers/remove: the reseller moves to the deleted list; its ledger and history stay. */
export const removeReseller = (id: number) =>
  api<{ status: true; msg: string }>('/resellers/remove', { method: 'POST', body: { requestData: { resellerId: id } } satisfies ResellerIdBody });

export function useRemoveReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReseller,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['resellers'] }),
        queryClient.invalidateQueries({ queryKey: ['deleted-resellers'] }),
      ]),
  });
}
