import { useQuery } from '@tanstack/react-query';
import { publicSocialWidgetEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export const getPublicSocialWidget = () => call(publicSocialWidgetEndpoint);
/** The footer's links: without them the footer shows none, which is worth no toast on every screen (silent). */
export const usePublicSocialWidget = () =>
  useQuery({ queryKey: ['social-widget', 'public'], queryFn: getPublicSocialWidget, staleTime: 5 * 60_000, meta: { silent: true } });
