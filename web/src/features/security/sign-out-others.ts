import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOutOthersEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** Ends every session of the account but this one (POST /api/sessions/sign-out-others). */
export const signOutOthers = () => call(signOutOthersEndpoint);

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOutOthers, onSettled: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }) });
}
