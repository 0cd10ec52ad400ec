import { useQuery } from '@tanstack/react-query';
import { parentResellerEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/show-parent-reseller/{id}: the parent's id, name and e-mail; 404 'This Reseller has no parent reseller!'. */
export const getParentReseller = (id: number) => call(parentResellerEndpoint, { params: { id } });
export const parentResellerQuery = (id: number) => ({
  queryKey: ['parent-reseller', id],
  queryFn: () => getParentReseller(id),
  meta: { silent: true },
  retry: false,
  staleTime: 0,
});
export const useParentReseller = (id: number) => useQuery(parentResellerQuery(id));
