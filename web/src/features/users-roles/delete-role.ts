import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

export const deleteRole = (id: number) => api<{ status: true; msg: string }>(`/delete-roles/${id}`, { method: 'DELETE' });

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
