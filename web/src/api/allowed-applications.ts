import { useQuery } from '@tanstack/react-query';
import { allowedApplicationsEndpoint } from '@panel/contract';
import { call } from './client';

/** GET /api/fetch-allowed-applications: what the caller may give (every application for an admin). */
export const getAllowedApplications = () => call(allowedApplicationsEndpoint);
export const allowedApplicationsQuery = () => ({
  queryKey: ['allowed-applications'],
  queryFn: getAllowedApplications,
  // Each picker (module select, applications multi-select, activation chips) shows its own load failure.
  meta: { silent: true },
});
export const useAllowedApplications = () => useQuery(allowedApplicationsQuery());
