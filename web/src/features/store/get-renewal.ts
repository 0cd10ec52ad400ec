import { useQuery } from '@tanstack/react-query';
import { publicRenewalEndpoint } from '@panel/contract';
import { ApiError, call } from '../../api/client';

/** `GET /api/public/renewals/:token`: what a reminder's renewal link renews (the store, the product, the MAC). */
export const getRenewal = (token: string) => call(publicRenewalEndpoint, { params: { token }, allowUnauthorized: true }).then((answer) => answer.data);

/** Silent: the page says itself when the link has expired. Not retried on a 404. */
export const useRenewal = (token: string) =>
  useQuery({
    queryKey: ['public-renewal', token],
    queryFn: () => getRenewal(token),
    meta: { silent: true },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
