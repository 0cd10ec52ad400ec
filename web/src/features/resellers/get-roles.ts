import { useQuery } from '@tanstack/react-query';
import type { Role } from '@panel/contract';
import { api } from '../../api/client';

type Answer = { status: true; msg: string; roles: Role[] };

/** GET api/get-roles: the roles a reseller can be given (change role). */
export const getRoles = () => api<Answer>('/get-roles');
export const rolesQuery = () => ({ queryKey: ['roles'], queryFn: getRoles, meta: { silent: true } });
export const useRoles = (enabled = true) => useQuery({ ...rolesQuery(), enabled });
