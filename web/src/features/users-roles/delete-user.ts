import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteUserEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export const deleteUser = (id: number) => call(deleteUserEndpoint, { params: { id } });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
      ]),
  });
}
