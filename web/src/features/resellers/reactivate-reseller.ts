import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResellerIdBody } from '@panel/contract';
import { api } from '../../api/client';

/** POST /api/reactivate-resellers: a removed reseller comes back to the reseller list. */
export const reactivateReseller = (id: number) =>
  api<{ status: true; msg: string }>('/reactivate-resellers', {
    method: 'POST',
    body: { requestData: { resellerId: id } } satisfies ResellerIdBody,
  });

export function useReactivateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateReseller,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['deleted-resellers'] }),
        queryClient.invalidateQueries({ queryKey: ['resellers'] }),
      ]),
  });
}
