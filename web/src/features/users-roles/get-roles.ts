import { useQuery } from '@tanstack/react-query';
import type { Role } from '@panel/contract';
import { api } from '../../api/client';

type Answer = { status: true; msg: string; roles: Role[] };

/** Every role with its user count and permission ids, oldest first: the first is the locked admin role. */
export const getRoles = () => api<Answer>('/get-roles');
export const rolesQuery = () => ({ queryKey: ['roles'], queryFn: getRoles });
export const useRoles = () => useQuery(rolesQuery());
