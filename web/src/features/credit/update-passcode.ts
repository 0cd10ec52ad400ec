import { useMutation } from '@tanstack/react-query';
import { updatePasscodeEndpoint, type PasscodeBody } from '@panel/contract';
import { call } from '../../api/client';

/** Replaces the credit-share passcode (the body is `{ requestData: { passcode } }`, core-panel.md §7). */
export const updatePasscode = (body: PasscodeBody) =>
  call(updatePasscodeEndpoint, { body });

export const useUpdatePasscode = () => useMutation({ mutationFn: updatePasscode });
