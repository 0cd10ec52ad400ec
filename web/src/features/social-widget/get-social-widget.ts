import { useQuery } from '@tanstack/react-query';
import type { SocialWidgetAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** POST /api/get-social-widget: the caller's own widget (null until saved). */
export const getSocialWidget = () => api<SocialWidgetAnswer>('/get-social-widget', { method: 'POST', body: {} });
export const socialWidgetQuery = () => ({ queryKey: ['social-widget', 'own'], queryFn: getSocialWidget });
export const useSocialWidget = () => useQuery(socialWidgetQuery());
