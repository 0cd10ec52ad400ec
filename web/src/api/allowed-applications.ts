import { useQuery } from '@tanstack/react-query';
import type { AllowedApplicationsAnswer } from '@panel/contract';
import { api } from './client';

/** GET /api/fetch-allowed-applications: what the caller may give (every application for an admin). */
export const getAllowedApplications = () => api<AllowedApplicationsAnswer>('/fetch-allowed-applications');
export const allowedApplicationsQuery = () => ({
  queryKey: ['allowed-applications'],
  queryFn: getAllowedApplications,
  // The multi-select shows 'Failed to load allowed applications' itself.
  meta: { silent: true },
});
export const useAllowedApplications = () => useQuery(allowedApplicationsQuery());
