import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

type Answer = { status: true; msg: string; data: { logo_path: string } };

/** POST /api/upload-logo-resellers/:id, multipart `logo`: the server checks the content, not the name. */
export const uploadResellerLogo = ({ id, logo }: { id: number; logo: File }) => {
  const body = new FormData();
  body.append('logo', logo);
  return api<Answer>(`/upload-logo-resellers/${id}`, { method: 'POST', body });
};

export function useUploadResellerLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResellerLogo,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resellers'] }),
  });
}
