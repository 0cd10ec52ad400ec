import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reactivateResellerEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/reactivate-resellers: a removed reseller comes back to the reseller list. */
export const reactivateReseller = (id: number) =>
  call(reactivateResellerEndpoint, { body: { requestData: { resellerId: id } } });

export function useReactivateReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateReseller,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['deleted-resellers'] }),
        queryClient.invalidateQueries({ queryKey: ['resellers'] }),
      ]),
  });
}
