import { useQuery } from '@tanstack/react-query';
import type { SessionsAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** The account's own sessions, the caller's first (GET /api/sessions). */
export const getSessions = () => api<SessionsAnswer>('/sessions');
export const sessionsQuery = () => ({ queryKey: ['sessions'], queryFn: getSessions });
export const useSessions = () => useQuery(sessionsQuery());
