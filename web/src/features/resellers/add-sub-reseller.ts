import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addSubResellerEndpoint, type AddResellerBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/add-subreseller: a sub-reseller of the caller, with some of the caller's applications. */
export const addSubReseller = (body: AddResellerBody) => call(addSubResellerEndpoint, { body });

export function useAddSubReseller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSubReseller,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['resellers'] });
      await queryClient.invalidateQueries({ queryKey: ['sub-resellers'] });
    },
  });
}
