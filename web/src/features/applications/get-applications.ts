import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { applicationsEndpoint, type ApplicationSortKey } from '@panel/contract';
import { call } from '../../api/client';

export type ApplicationsParams = {
  page_number: number;
  page_size: number;
  search_title: string;
  sort_key: ApplicationSortKey;
  sort_type: 'asc' | 'desc';
};

export const getApplications = (params: ApplicationsParams) => call(applicationsEndpoint, { query: params });
export const applicationsQuery = (params: ApplicationsParams) => ({
  queryKey: ['applications', params],
  queryFn: () => getApplications(params),
  placeholderData: keepPreviousData,
  // The table shows 'Failed to fetch applications.' in place of its rows.
  meta: { silent: true },
});
export const useApplications = (params: ApplicationsParams) => useQuery(applicationsQuery(params));
