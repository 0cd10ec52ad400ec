import { useQuery } from '@tanstack/react-query';
import { profileEndpoint } from '@panel/contract';
import { call } from './client';

export const getProfile = () => call(profileEndpoint);
export const profileQuery = () => ({ queryKey: ['profile'], queryFn: getProfile });
export const useProfile = () => useQuery(profileQuery());
