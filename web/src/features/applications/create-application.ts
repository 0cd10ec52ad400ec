import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createApplicationEndpoint, type ApplicationCreateFields } from '@panel/contract';
import { call } from '../../api/client';

/** Multipart, as the specification sends it: appName, appPlaceLocation and the optional appLogo file. */
export const createApplication = ({ fields, logo }: { fields: ApplicationCreateFields; logo: File | null }) => {
  const body = new FormData();
  body.append('appName', fields.appName);
  body.append('appPlaceLocation', fields.appPlaceLocation);
  if (logo) body.append('appLogo', logo);
  return call(createApplicationEndpoint, { body });
};

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
