import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { profileAnswer } from '@panel/contract';
import { api } from './client';

export type ProfileAnswer = z.infer<typeof profileAnswer>;

export const getProfile = () => api<ProfileAnswer>('/profile');
export const profileQuery = () => ({ queryKey: ['profile'], queryFn: getProfile });
export const useProfile = () => useQuery(profileQuery());
