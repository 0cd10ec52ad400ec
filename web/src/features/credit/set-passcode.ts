import { useMutation } from '@tanstack/react-query';
import { setPasscodeEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/set-credit-share-pass-code` `{ requestData: { passcode } }`: the first credit-share passcode. */
export const setPasscode = (passcode: string) =>
  call(setPasscodeEndpoint, { body: { requestData: { passcode } } });

/** The screen decides what a failure means (a passcode that already exists is no failure) and says so with shownWhereItHappened. */
export const useSetPasscode = () => useMutation({ mutationFn: setPasscode });
