import { useQuery } from '@tanstack/react-query';
import { showResellerEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/show-resellers/{id}: name, e-mail, status and `application_allowed` as a JSON string of ids. */
export const getReseller = (id: number) => call(showResellerEndpoint, { params: { id } });
export const resellerQuery = (id: number) => ({
  queryKey: ['reseller', id],
  queryFn: () => getReseller(id),
  // The edit screen shows the refusal (C10014 'Cannot edit an admin account') in place of the form.
  meta: { silent: true },
  retry: false,
  staleTime: 0,
});
export const useReseller = (id: number) => useQuery(resellerQuery(id));

/** The ids inside `application_allowed`; anything unreadable counts as none. */
export function parseApplicationIds(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}
