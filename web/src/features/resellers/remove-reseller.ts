import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeResellerEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/resellers/remove: the reseller moves to the deleted list; its ledger and history stay. */
export const removeReseller = (id: number) => call(removeResellerEndpoint, { body: { requestData: { resellerId: id } } });

export function useRemoveReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReseller,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['resellers'] }),
        queryClient.invalidateQueries({ queryKey: ['deleted-resellers'] }),
      ]),
  });
}
