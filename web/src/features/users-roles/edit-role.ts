import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody } from '@panel/contract';
import { api } from '../../api/client';
import { refreshOwnPermissions } from '../../lib/user-permissions';

export const editRole = ({ id, body }: { id: number; body: RoleBody }) =>
  api<{ status: true; msg: string }>(`/edit-roles/${id}`, { method: 'PUT', body });

export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editRole,
    meta: { silent: true },
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
