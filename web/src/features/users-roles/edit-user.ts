import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserBody } from '@panel/contract';
import { api } from '../../api/client';

export const editUser = ({ id, body }: { id: number; body: UserBody }) =>
  api<{ status: true; msg: string }>(`/users/${id}`, { method: 'PUT', body });

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
      ]),
  });
}
