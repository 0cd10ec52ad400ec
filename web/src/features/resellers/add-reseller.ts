import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addResellerEndpoint, type AddResellerBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/add-resellers: a reseller without parent, who gets a create-password mail. */
export const addReseller = (body: AddResellerBody) => call(addResellerEndpoint, { body });

export function useAddReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReseller,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resellers'] }),
  });
}
