import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteStorefrontTelegramEndpoint,
  saveStorefrontTelegramEndpoint,
  testStorefrontTelegramEndpoint,
  type Storefront,
  type StorefrontTelegram,
  type StorefrontTelegramInput,
} from '@panel/contract';
import { call } from '../../api/client';
import { showSuccess } from '../../lib/feedback';
import { STOREFRONT_KEY } from './storefront';

type Cached = { status: boolean; msg: string; data: Storefront | null };

/**
 * Connecting or disconnecting answers the bot's state only: it goes into the cached store at once,
 * then the store is asked again for a fresh `owner_link_url` (only GET /api/storefront makes one).
 */
function useTelegramWrite<Input>(send: (input: Input) => Promise<{ msg: string; data: StorefrontTelegram }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData<Cached>(STOREFRONT_KEY, (cached) =>
        cached?.data ? { ...cached, data: { ...cached.data, telegram: answer.data } } : cached,
      );
      void queryClient.invalidateQueries({ queryKey: STOREFRONT_KEY });
      showSuccess(answer.msg);
    },
  });
}

/** `PUT /api/storefront/telegram`: a STEP_UP_REQUIRED asks for the second factor and is sent again (api client). */
export const useConnectTelegram = () => useTelegramWrite((body: StorefrontTelegramInput) => call(saveStorefrontTelegramEndpoint, { body }));
/** `DELETE /api/storefront/telegram`: behind the step-up too. */
export const useDisconnectTelegram = () => useTelegramWrite((_: void) => call(deleteStorefrontTelegramEndpoint));

/** `POST /api/storefront/telegram/test`: a message to the reseller's linked chat. */
export function useTestTelegram() {
  return useMutation({ mutationFn: () => call(testStorefrontTelegramEndpoint), onSuccess: (answer) => showSuccess(answer.msg) });
}
