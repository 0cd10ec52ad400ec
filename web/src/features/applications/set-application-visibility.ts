import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** This panel's addition: a hidden application stays on existing devices but is offered for no new activation. */
export const setApplicationVisibility = ({ id, hidden }: { id: number; hidden: boolean }) =>
  api<ApplicationAnswer>(`/applications/${id}/visibility`, { method: 'PUT', body: { hidden } });

export function useSetApplicationVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApplicationVisibility,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
