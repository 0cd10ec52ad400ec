import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignResellerEndpoint, type AssignResellerBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/assign-resellers: switch or assign a parent; success is `httpCode` '200'. */
export const assignReseller = (body: AssignResellerBody) => call(assignResellerEndpoint, { body });

export function useAssignReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignReseller,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['sub-resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['sub-reseller-detail'] });
      await queryClient.invalidateQueries({ queryKey: ['parent-reseller'] });
    },
  });
}
