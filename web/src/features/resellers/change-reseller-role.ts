import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeResellerRoleEndpoint, type ChangeResellerRoleBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST api/change-resellers/:id/role: gives the reseller another role (and with it its permissions). */
export const changeResellerRole = ({ id, body }: { id: number; body: ChangeResellerRoleBody }) =>
  call(changeResellerRoleEndpoint, { params: { id }, body });

export function useChangeResellerRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeResellerRole,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['resellers'] }), queryClient.invalidateQueries({ queryKey: ['roles'] })]),
  });
}
