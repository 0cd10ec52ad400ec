import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '@panel/contract';
import { api } from '../../api/client';

/** Saves the name and, when given, a new password; a new password signs out the account's other sessions. */
export const updateProfile = (body: ProfileBody) => api<{ status: true; msg: string }>('/profile/update', { method: 'PUT', body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
