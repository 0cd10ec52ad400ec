import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setApplicationVisibilityEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** This panel's addition: a hidden application stays on existing devices but is offered for no new activation. */
export const setApplicationVisibility = ({ id, hidden }: { id: number; hidden: boolean }) =>
  call(setApplicationVisibilityEndpoint, { params: { id }, body: { hidden } });

export function useSetApplicationVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApplicationVisibility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
