import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { parentResellerAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type ParentResellerAnswer = z.infer<typeof parentResellerAnswer>;

/** GET /api/show-parent-reseller/{id}: the parent's id, name and e-mail; 404 'This Reseller has no parent reseller!'. */
export const getParentReseller = (id: number) => api<ParentResellerAnswer>(`/show-parent-reseller/${id}`);
export const parentResellerQuery = (id: number) => ({
  queryKey: ['parent-reseller', id],
  queryFn: () => getParentReseller(id),
  meta: { silent: true },
  retry: false,
  staleTime: 0,
});
export const useParentReseller = (id: number) => useQuery(parentResellerQuery(id));
