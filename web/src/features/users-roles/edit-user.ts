import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editUserEndpoint, type UserBody } from '@panel/contract';
import { call } from '../../api/client';

export const editUser = ({ id, body }: { id: number; body: UserBody }) => call(editUserEndpoint, { params: { id }, body });

export function useEditUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
      ]),
  });
}
