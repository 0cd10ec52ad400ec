import { useQuery } from '@tanstack/react-query';
import { totalCreditPointsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET /api/total-credit-points: the points shared by the caller and the accounts within its reach. */
export const getTotalCreditPoints = () => call(totalCreditPointsEndpoint);
export const totalCreditPointsQuery = () => ({
  queryKey: ['total-credit-points'],
  queryFn: getTotalCreditPoints,
  // The tile shows 'Failed to fetch total credit points.' in place of the figure.
  meta: { silent: true },
});
export const useTotalCreditPoints = () => useQuery(totalCreditPointsQuery());
