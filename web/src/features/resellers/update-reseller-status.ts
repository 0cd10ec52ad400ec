import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserStatusEndpoint, type UserStatusBody } from '@panel/contract';
import { call } from '../../api/client';

export type ResellerStatusInput = { id: number; body: UserStatusBody };

/** PUT /api/update-reseller/:id/status: is_disable_by_admin 1 disables the account (its sessions stop), 0 enables it. */
export const updateResellerStatus = ({ id, body }: ResellerStatusInput) =>
  call(updateUserStatusEndpoint, { params: { id }, body });

export function useUpdateResellerStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResellerStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resellers'] }),
  });
}
