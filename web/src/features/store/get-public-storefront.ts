import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicStorefrontEndpoint } from '@panel/contract';
import { ApiError, call } from '../../api/client';

/** `GET /api/public/storefronts/:slug`: the store as its customers see it, without a session. */
export const getPublicStorefront = (slug: string) =>
  call(publicStorefrontEndpoint, { params: { slug }, allowUnauthorized: true }).then((answer) => answer.data);

/** Silent: the page says itself when the store is closed or could not be loaded. Not retried on a 404. */
export const publicStorefrontQuery = (slug: string) =>
  queryOptions({
    queryKey: ['public-storefront', slug],
    queryFn: () => getPublicStorefront(slug),
    meta: { silent: true },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const usePublicStorefront = (slug: string) => useQuery(publicStorefrontQuery(slug));
