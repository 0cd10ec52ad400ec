import { useQuery } from '@tanstack/react-query';
import { applicationEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export const getApplication = (id: number) => call(applicationEndpoint, { params: { id } });
export const applicationQuery = (id: number) => ({
  queryKey: ['applications', 'detail', id],
  queryFn: () => getApplication(id),
  staleTime: 0,
  retry: false,
  // A load failure has its own message and redirect (business-panel.md §8).
  meta: { silent: true },
});
export const useApplication = (id: number) => useQuery({ ...applicationQuery(id), enabled: Number.isInteger(id) && id > 0 });
