import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addUserEndpoint, type UserBody } from '@panel/contract';
import { call } from '../../api/client';

/** Creates the user; the server mails them a link to choose their password. */
export const addUser = (body: UserBody) => call(addUserEndpoint, { body });

export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
      ]),
  });
}
