import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSocialWidgetEndpoint } from '@panel/contract';
import { call } from '../../api/client';

export type SocialWidgetInput = { whatsapp: string; telegram: string };

/** POST /api/set-social-widget with requestData {whatsapp, telegram}; an empty field clears it. */
export const setSocialWidget = (requestData: SocialWidgetInput) => call(setSocialWidgetEndpoint, { body: { requestData } });

export function useSetSocialWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSocialWidget,
    onSuccess: async (answer) => {
      queryClient.setQueryData(['social-widget', 'own'], answer);
      // The footer's links come from the public widget: it shows the new numbers at once.
      await queryClient.invalidateQueries({ queryKey: ['social-widget', 'public'] });
    },
  });
}
