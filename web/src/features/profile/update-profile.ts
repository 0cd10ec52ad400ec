import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProfileEndpoint, type ProfileBody } from '@panel/contract';
import { call } from '../../api/client';

/** Saves the name and, when given, a new password; a new password signs out the account's other sessions. */
export const updateProfile = (body: ProfileBody) => call(updateProfileEndpoint, { body });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
