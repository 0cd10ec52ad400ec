import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export type CreditPointsAnswer = { status: true; msg: string; credit_point: number };

export const getCreditPoints = () => api<CreditPointsAnswer>('/get-resellers/credit-points');
export const creditPointsQuery = () => ({ queryKey: ['credit-points'], queryFn: getCreditPoints, meta: { silent: true } });
export const useCreditPoints = () => useQuery(creditPointsQuery());
