import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  disableTwoFactorEndpoint,
  regenerateRecoveryCodesEndpoint,
  totpConfirmEndpoint,
  totpSetupEndpoint,
  twoFactorStatusEndpoint,
  type TotpConfirmBody,
} from '@panel/contract';
import { call } from '../../api/client';

/** `GET /api/two-factor`: whether TOTP is on and how many recovery codes are left. */
export const getTwoFactor = () => call(twoFactorStatusEndpoint);
export const twoFactorQuery = () => ({ queryKey: ['two-factor'], queryFn: getTwoFactor });
export const useTwoFactor = () => useQuery(twoFactorQuery());

/**
 * The calls of the section: each failure is the section's to show (it says so with shownWhereItHappened). Turning the
 * factor on or off may lift or bring back a requirement: the profile (setup banner, guard) is read again.
 */
function useTwoFactorMutation<B, A>(mutationFn: (body: B) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(['two-factor', 'profile'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

export const setupTotp = () => call(totpSetupEndpoint);
export const useSetupTotp = () => useMutation({ mutationFn: setupTotp });

/** A wrong code answers 401 INVALID_TWO_FACTOR_CODE: shown by the setup, not a sign-out. */
export const confirmTotp = (body: TotpConfirmBody) => call(totpConfirmEndpoint, { body, allowUnauthorized: true });
export const useConfirmTotp = () => useTwoFactorMutation(confirmTotp);

/** Both ask for a step-up when the session's confirmation is old: the client's step-up modal handles it. */
export const regenerateRecoveryCodes = () => call(regenerateRecoveryCodesEndpoint);
export const useRegenerateRecoveryCodes = () => useTwoFactorMutation(regenerateRecoveryCodes);

export const disableTwoFactor = () => call(disableTwoFactorEndpoint);
export const useDisableTwoFactor = () => useTwoFactorMutation(disableTwoFactor);
