import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserStatusBody } from '@panel/contract';
import { api } from '../../api/client';

/** Enables (0) or disables (1) an account; a disabled account's sessions stop working at once. */
export const updateUserStatus = ({ id, body }: { id: number; body: UserStatusBody }) =>
  api<{ status: true; msg: string }>(`/update-reseller/${id}/status`, { method: 'PUT', body });

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
