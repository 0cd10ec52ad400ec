import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignOutOthersAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** Ends every session of the account but this one (POST /api/sessions/sign-out-others). */
export const signOutOthers = () => api<SignOutOthersAnswer>('/sessions/sign-out-others', { method: 'POST' });

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOutOthers, onSettled: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }) });
}
