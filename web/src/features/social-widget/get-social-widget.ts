import { useQuery } from '@tanstack/react-query';
import { getSocialWidgetEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/get-social-widget: the caller's own widget (null until saved). */
export const getSocialWidget = () => call(getSocialWidgetEndpoint);
export const socialWidgetQuery = () => ({ queryKey: ['social-widget', 'own'], queryFn: getSocialWidget });
export const useSocialWidget = () => useQuery(socialWidgetQuery());
