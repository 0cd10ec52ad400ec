import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addRoleEndpoint, type RoleBody } from '@panel/contract';
import { call } from '../../api/client';

export const addRole = (body: RoleBody) => call(addRoleEndpoint, { body });

export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
