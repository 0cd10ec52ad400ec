import { useQuery } from '@tanstack/react-query';
import { sessionsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** The account's own sessions, the caller's first (GET /api/sessions). */
export const getSessions = () => call(sessionsEndpoint);
export const sessionsQuery = () => ({ queryKey: ['sessions'], queryFn: getSessions });
export const useSessions = () => useQuery(sessionsQuery());
