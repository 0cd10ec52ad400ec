import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { AssignResellerBody, assignResellerAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type AssignResellerAnswer = z.infer<typeof assignResellerAnswer>;

/** POST /api/assign-resellers: switch or assign a parent; success is `httpCode` '200'. */
export const assignReseller = (body: AssignResellerBody) => api<AssignResellerAnswer>('/assign-resellers', { method: 'POST', body });

export function useAssignReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignReseller,
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['sub-resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['sub-reseller-detail'] });
      await queryClient.invalidateQueries({ queryKey: ['parent-reseller'] });
    },
  });
}
