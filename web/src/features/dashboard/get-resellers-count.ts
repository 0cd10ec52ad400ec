import { useQuery } from '@tanstack/react-query';
import { countResellersEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET api/counting-resellers/totalCount: the resellers within the caller's reach. */
export const getResellersCount = () => call(countResellersEndpoint);
export const resellersCountQuery = () => ({
  queryKey: ['resellers-count'],
  queryFn: getResellersCount,
  // The tile shows 'Failed to fetch reseller count.' in place of the figure.
  meta: { silent: true },
});
export const useResellersCount = (enabled = true) => useQuery({ ...resellersCountQuery(), enabled });
