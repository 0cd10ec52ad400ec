import { useQuery } from '@tanstack/react-query';
import { listRolesEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** GET api/get-roles: the roles a reseller can be given (change role). */
export const getRoles = () => call(listRolesEndpoint);
export const rolesQuery = () => ({ queryKey: ['roles'], queryFn: getRoles, meta: { silent: true } });
export const useRoles = (enabled = true) => useQuery({ ...rolesQuery(), enabled });
