import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@panel/contract';
import { api } from '../../api/client';

export type UsersParams = { page: number; page_size: number; search: string };
export type UsersPage = { current_page: number; last_page: number; per_page: number; total: number; data: User[] };
type Answer = { status: true; msg: string; users: UsersPage };

export const getUsers = (params: UsersParams) => api<Answer>('/users', { query: params });
export const usersQuery = (params: UsersParams) => ({
  queryKey: ['users', params],
  queryFn: () => getUsers(params),
  placeholderData: keepPreviousData,
  // The table shows a failure in place of its rows.
  meta: { silent: true },
});
export const useUsers = (params: UsersParams) => useQuery(usersQuery(params));
