import { useQuery } from '@tanstack/react-query';
import type { User } from '@panel/contract';
import { api } from '../../api/client';

type Answer = { status: true; msg: string; data: User };

export const getUser = (id: number) => api<Answer>(`/users/${id}`);
export const userQuery = (id: number) => ({ queryKey: ['users', 'detail', id], queryFn: () => getUser(id), staleTime: 0 });
export const useUser = (id: number | undefined) => useQuery({ ...userQuery(id ?? 0), enabled: id !== undefined });
