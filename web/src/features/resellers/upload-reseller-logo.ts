import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadResellerLogoEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/upload-logo-resellers/:id, multipart `logo`: the server checks the content, not the name. */
export const uploadResellerLogo = ({ id, logo }: { id: number; logo: File }) => {
  const body = new FormData();
  body.append('logo', logo);
  return call(uploadResellerLogoEndpoint, { params: { id }, body });
};

export function useUploadResellerLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadResellerLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['resellers'] }),
  });
}
