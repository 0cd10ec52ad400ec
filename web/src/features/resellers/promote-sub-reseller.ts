import { useMutation, useQueryClient } from '@tanstack/react-query';
import { promoteSubResellerEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/privilege-resellers/change-role: the sub-reseller becomes a reseller without parent. */
export const promoteSubReseller = (resellerId: number) => call(promoteSubResellerEndpoint, { body: { requestData: { resellerId } } });

export function usePromoteSubReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteSubReseller,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sub-resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
    },
  });
}
