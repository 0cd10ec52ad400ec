import { useQuery } from '@tanstack/react-query';
import { listRolesEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** Every role with its user count and permission ids, oldest first: the first is the locked admin role. */
export const getRoles = () => call(listRolesEndpoint);
export const rolesQuery = () => ({ queryKey: ['roles'], queryFn: getRoles });
export const useRoles = () => useQuery(rolesQuery());
