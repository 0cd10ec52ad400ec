import { useQuery } from '@tanstack/react-query';
import { creditPointsEndpoint } from '@panel/contract';
import { call } from './client';

export const getCreditPoints = () => call(creditPointsEndpoint);
export const creditPointsQuery = () => ({ queryKey: ['credit-points'], queryFn: getCreditPoints, meta: { silent: true } });
export const useCreditPoints = () => useQuery(creditPointsQuery());
