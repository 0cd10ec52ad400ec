import { useMutation } from '@tanstack/react-query';
import { resetPasswordEndpoint, type ResetPasswordBody } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/password/reset`: the mailed token works once, for an hour. */
export const resetPassword = (body: ResetPasswordBody) =>
  call(resetPasswordEndpoint, { body, allowUnauthorized: true });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
