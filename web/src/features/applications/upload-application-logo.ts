import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadApplicationLogoEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export const uploadApplicationLogo = ({ id, logo }: { id: number; logo: File }) => {
  const body = new FormData();
  body.append('appLogo', logo);
  return call(uploadApplicationLogoEndpoint, { params: { id }, body });
};

export function useUploadApplicationLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadApplicationLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
