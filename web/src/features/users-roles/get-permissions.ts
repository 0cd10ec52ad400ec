import { useQuery } from '@tanstack/react-query';
import type { PermissionGroup } from '@panel/contract';
import { api } from '../../api/client';

type Answer = { status: true; msg: string; data: PermissionGroup[] };

/** The permission catalogue, grouped by area: it changes only with a deployment. */
export const getPermissions = () => api<Answer>('/permissions');
export const permissionsQuery = () => ({ queryKey: ['permissions'], queryFn: getPermissions, staleTime: 10 * 60_000 });
export const usePermissions = () => useQuery(permissionsQuery());
