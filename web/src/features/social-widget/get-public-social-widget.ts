import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export type PublicSocialWidget = { id: number; whatsapp_number: string | null; telegram_number: string | null } | null;
type Answer = { status: true; data: { SocialWidget: PublicSocialWidget } };

export const getPublicSocialWidget = () => api<Answer>('/public/social-widget');
export const usePublicSocialWidget = () =>
  useQuery({ queryKey: ['social-widget', 'public'], queryFn: getPublicSocialWidget, staleTime: 5 * 60_000, meta: { silent: true } });
