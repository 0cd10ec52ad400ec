import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleBody } from '@panel/contract';
import { api } from '../../api/client';

export const addRole = (body: RoleBody) =>
  api<{ status: true; msg: string; data: { id: number } }>('/add-roles', { method: 'POST', body });

export function useAddRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRole,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
