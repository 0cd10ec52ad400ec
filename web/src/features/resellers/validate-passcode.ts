import { useMutation } from '@tanstack/react-query';
import { validatePasscodeEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/**
 * POST /api/validate-credit-share-password: adding or deducting credit from the reseller list
 * needs a successful check within the last minutes in this session (the server enforces it).
 */
export const validatePasscode = (passcode: string) =>
  call(validatePasscodeEndpoint, { body: { requestData: { passcode } } });

export const useValidatePasscode = () => useMutation({ mutationFn: validatePasscode });
