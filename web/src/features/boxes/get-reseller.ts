import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { showResellerAnswer } from '@panel/contract';
import { api } from '../../api/client';

export type ShowResellerAnswer = z.infer<typeof showResellerAnswer>;

/** GET /api/show-resellers/{id}: the reseller's name and e-mail, shown above the box form. */
export const getReseller = (id: number) => api<ShowResellerAnswer>(`/show-resellers/${id}`);
export const boxResellerQuery = (id: number) => ({
  queryKey: ['reseller', id],
  queryFn: () => getReseller(id),
  // The page shows the refusal in place of the form.
  meta: { silent: true },
  retry: false,
});
export const useBoxReseller = (id: number | undefined) => useQuery({ ...boxResellerQuery(id ?? 0), enabled: id !== undefined });
