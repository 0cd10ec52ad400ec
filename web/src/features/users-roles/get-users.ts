import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listUsersEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type UsersParams = { page: number; page_size: number; search: string };

export const getUsers = (params: UsersParams) => call(listUsersEndpoint, { query: params });
export const usersQuery = (params: UsersParams) => ({
  queryKey: ['users', params],
  queryFn: () => getUsers(params),
  placeholderData: keepPreviousData,
  // The table shows a failure in place of its rows.
  meta: { silent: true },
});
export const useUsers = (params: UsersParams) => useQuery(usersQuery(params));
