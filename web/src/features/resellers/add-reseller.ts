import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddResellerBody } from '@panel/contract';
import type * as z from 'zod/mini';
import type { createdResellerAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type CreatedResellerAnswer = z.infer<typeof createdResellerAnswer>;

/** POST /api/add-resellers: a reseller without parent, who gets a create-password mail. */
export const addReseller = (body: AddResellerBody) => api<CreatedResellerAnswer>('/add-resellers', { method: 'POST', body });

export function useAddReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReseller,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resellers'] }),
  });
}
