import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserBody } from '@panel/contract';
import { api } from '../../api/client';

/** Creates the user; the server mails them a link to choose their password. */
export const addUser = (body: UserBody) =>
  api<{ status: true; msg: string; data: { id: number } }>('/users', { method: 'POST', body });

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
      ]),
  });
}
