import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateApplicationEndpoint, type ApplicationUpdateBody } from '@panel/contract';
import { call } from '../../api/client';

export const updateApplication = ({ id, body }: { id: number; body: ApplicationUpdateBody }) =>
  call(updateApplicationEndpoint, { params: { id }, body });

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
