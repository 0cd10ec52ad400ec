import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationLogoAnswer } from '@panel/contract';
import { api } from '../../api/client';

export const uploadApplicationLogo = ({ id, logo }: { id: number; logo: File }) => {
  const body = new FormData();
  body.append('appLogo', logo);
  return api<ApplicationLogoAnswer>(`/application/${id}/upload-logo`, { method: 'POST', body });
};

export function useUploadApplicationLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadApplicationLogo,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
