import { useQuery } from '@tanstack/react-query';
import { permissionGroupsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** The permission catalogue, grouped by area: it changes only with a deployment. */
export const getPermissions = () => call(permissionGroupsEndpoint);
export const permissionsQuery = () => ({ queryKey: ['permissions'], queryFn: getPermissions, staleTime: 10 * 60_000 });
export const usePermissions = () => useQuery(permissionsQuery());
