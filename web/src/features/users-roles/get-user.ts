import { useQuery } from '@tanstack/react-query';
import { getUserEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export const getUser = (id: number) => call(getUserEndpoint, { params: { id } });
export const userQuery = (id: number) => ({ queryKey: ['users', 'detail', id], queryFn: () => getUser(id), staleTime: 0 });
export const useUser = (id: number | undefined) => useQuery({ ...userQuery(id ?? 0), enabled: id !== undefined });
