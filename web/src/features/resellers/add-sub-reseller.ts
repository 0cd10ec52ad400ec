import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddResellerBody } from '@panel/contract';
import { api } from '../../api/client';
import type { CreatedResellerAnswer } from './add-reseller';

/** POST /api/add-subreseller: a sub-reseller of the caller, with some of the caller's applications. */
export const addSubReseller = (body: AddResellerBody) => api<CreatedResellerAnswer>('/add-subreseller', { method: 'POST', body });

export function useAddSubReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubReseller,
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['sub-resellers'] });
    },
  });
}
