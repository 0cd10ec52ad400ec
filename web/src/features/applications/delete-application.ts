import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteApplicationEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** Refused with 409 APPLICATION_IN_USE while resellers are allowed the application: the list then offers hiding it. */
export const deleteApplication = (id: number) => call(deleteApplicationEndpoint, { params: { id } });

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
