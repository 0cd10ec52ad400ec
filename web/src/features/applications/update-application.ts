import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationAnswer, ApplicationUpdateBody } from '@panel/contract';
import { api } from '../../api/client';

export const updateApplication = ({ id, body }: { id: number; body: ApplicationUpdateBody }) =>
  api<ApplicationAnswer>(`/update-applications/${id}`, { method: 'PUT', body });

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
