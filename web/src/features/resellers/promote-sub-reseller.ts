import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** POST /api/privilege-resellers/change-role: the sub-reseller becomes a reseller without parent. */
export const promoteSubReseller = (resellerId: number) =>
  api<{ status: true; msg: string }>('/privilege-resellers/change-role', { method: 'POST', body: { requestData: { resellerId } } });

export function usePromoteSubReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteSubReseller,
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sub-resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
    },
  });
}
