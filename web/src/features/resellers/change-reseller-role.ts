import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeResellerRoleBody } from '@panel/contract';
import { api } from '../../api/client';

/** POST api/change-resellers/:id/role: gives the reseller another role (and with it its permissions). */
export const changeResellerRole = ({ id, body }: { id: number; body: ChangeResellerRoleBody }) =>
  api<{ status: true; msg: string }>(`/change-resellers/${id}/role`, { method: 'POST', body });

export function useChangeResellerRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeResellerRole,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['resellers'] }), queryClient.invalidateQueries({ queryKey: ['roles'] })]),
  });
}
