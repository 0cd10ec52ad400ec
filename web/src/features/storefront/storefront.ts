import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteStorefrontLogoEndpoint,
  deleteStorefrontStripeEndpoint,
  saveManualPaymentEndpoint,
  saveStorefrontEndpoint,
  saveStorefrontStripeEndpoint,
  storefrontEndpoint,
  uploadStorefrontLogoEndpoint,
  type ManualPayment,
  type Storefront,
  type StorefrontSettings,
  type StripeKeysInput,
} from '@panel/contract';
import { call } from '../../api/client';
import { showSuccess } from '../../lib/feedback';

export const STOREFRONT_KEY = ['storefront'];

/** `GET /api/storefront`: the caller's store, or null before its first save. */
export const getStorefront = () => call(storefrontEndpoint);
/**
 * Not asked again when the window regains focus: each GET makes a new one-time link to the
 * reseller's Telegram chat and voids the last, which the reseller may have just opened in
 * Telegram (the Telegram section asks again on request).
 */
export const useStorefront = () => useQuery({ queryKey: STOREFRONT_KEY, queryFn: getStorefront, refetchOnWindowFocus: false });

type Cached = { status: boolean; msg: string; data: Storefront | null };

/**
 * Only GET /api/storefront makes the one-time link to the reseller's Telegram chat (other answers
 * carry null); a write does not void it, so the link already shown stays.
 */
function keepOwnerLink(before: Storefront | null | undefined, after: Storefront): Storefront {
  const link = before?.telegram.owner_link_url;
  if (!link || after.telegram.owner_link_url || !after.telegram.connected || after.telegram.bot_username !== before.telegram.bot_username) return after;
  return { ...after, telegram: { ...after.telegram, owner_link_url: link } };
}

/** Every write answers the whole store: it replaces the cached one, and the server's sentence is the toast. */
function useStoreWrite<Input>(send: (input: Input) => Promise<{ msg: string; data: Storefront }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData<Cached>(STOREFRONT_KEY, (cached) => ({ status: true, msg: answer.msg, data: keepOwnerLink(cached?.data, answer.data) }));
      // A first save makes the products' list reachable; a new currency reprices nothing but is shown there.
      void queryClient.invalidateQueries({ queryKey: ['storefront-products'] });
      showSuccess(answer.msg);
    },
  });
}

/** `PUT /api/storefront`: creates the store on its first save. */
export const useSaveStorefront = () => useStoreWrite((body: StorefrontSettings) => call(saveStorefrontEndpoint, { body }));
/** `PUT /api/storefront/manual`. */
export const useSaveManualPayment = () => useStoreWrite((body: ManualPayment) => call(saveManualPaymentEndpoint, { body }));
/** `PUT /api/storefront/stripe`: a STEP_UP_REQUIRED asks for the second factor and is sent again (api client). */
export const useSaveStripe = () => useStoreWrite((body: StripeKeysInput) => call(saveStorefrontStripeEndpoint, { body }));
/** `DELETE /api/storefront/stripe`: behind the step-up too. */
export const useRemoveStripe = () => useStoreWrite((_: void) => call(deleteStorefrontStripeEndpoint));

/** `POST /api/storefront/logo`: multipart, the `logo` file part. */
export const useUploadLogo = () =>
  useStoreWrite((logo: File) => {
    const body = new FormData();
    body.append('logo', logo);
    return call(uploadStorefrontLogoEndpoint, { body });
  });
/** `DELETE /api/storefront/logo`. */
export const useRemoveLogo = () => useStoreWrite((_: void) => call(deleteStorefrontLogoEndpoint));
