import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSessionEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** Ends one of the account's sessions: its browser is signed out at its next call (DELETE /api/sessions/:id). */
export const endSession = (id: number) => call(endSessionEndpoint, { params: { id } });

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }) });
}
