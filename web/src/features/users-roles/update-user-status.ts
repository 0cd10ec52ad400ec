import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUserStatusEndpoint, type UserStatusBody } from '@panel/contract';
import { call } from '../../api/client';

/** Enables (0) or disables (1) an account; a disabled account's sessions stop working at once. */
export const updateUserStatus = ({ id, body }: { id: number; body: UserStatusBody }) => call(updateUserStatusEndpoint, { params: { id }, body });

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
