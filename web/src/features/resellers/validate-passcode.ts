import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';

/**
 * POST /api/validate-credit-share-password: adding or deducting credit from the reseller list
 * needs a successful check within the last minutes in this session (the server enforces it).
 */
export const validatePasscode = (passcode: string) =>
  api<{ status: true; msg: string }>('/validate-credit-share-password', { method: 'POST', body: { requestData: { passcode } } });

export const useValidatePasscode = () => useMutation({ mutationFn: validatePasscode, meta: { silent: true } });
