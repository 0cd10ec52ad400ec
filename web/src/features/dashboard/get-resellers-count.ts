import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

type Answer = { status: true; msg: string; meta: { total: number } };

/** GET api/counting-resellers/totalCount: the resellers within the caller's reach. */
export const getResellersCount = () => api<Answer>('/counting-resellers/totalCount');
export const resellersCountQuery = () => ({
  queryKey: ['resellers-count'],
  queryFn: getResellersCount,
  // The tile shows 'Failed to fetch reseller count.' in place of the figure.
  meta: { silent: true },
});
export const useResellersCount = (enabled = true) => useQuery({ ...resellersCountQuery(), enabled });
