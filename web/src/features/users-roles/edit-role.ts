import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editRoleEndpoint, type RoleBody } from '@panel/contract';
import { call } from '../../api/client';
import { refreshOwnPermissions } from '../../lib/user-permissions';

export const editRole = ({ id, body }: { id: number; body: RoleBody }) => call(editRoleEndpoint, { params: { id }, body });

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editRole,
    onSuccess: async () => {
      // The edited role may be the caller's own: its permissions cookie must follow.
      await refreshOwnPermissions();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['roles'] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
    },
  });
}
