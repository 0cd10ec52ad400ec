import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteRoleEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export const deleteRole = (id: number) => call(deleteRoleEndpoint, { params: { id } });

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
