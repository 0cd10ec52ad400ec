import { useQuery } from '@tanstack/react-query';
import { publicSocialWidgetEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export const getPublicSocialWidget = () => call(publicSocialWidgetEndpoint);
export const usePublicSocialWidget = () =>
  useQuery({ queryKey: ['social-widget', 'public'], queryFn: getPublicSocialWidget, staleTime: 5 * 60_000, meta: { silent: true } });
