import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const deleteUser = (id: number) => api<{ status: true; msg: string }>(`/delete-users/${id}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
      ]),
  });
}
