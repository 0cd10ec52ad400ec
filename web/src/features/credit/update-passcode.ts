import { useMutation } from '@tanstack/react-query';
import type { PasscodeBody } from '@panel/contract';
import { api } from '../../api/client';

/** Replaces the credit-share passcode (the body is `{ requestData: { passcode } }`, core-panel.md §7). */
export const updatePasscode = (body: PasscodeBody) =>
  api<{ status: true; msg: string }>('/update-credit-share-pass', { method: 'POST', body });

export const useUpdatePasscode = () => useMutation({ mutationFn: updatePasscode, meta: { silent: true } });
