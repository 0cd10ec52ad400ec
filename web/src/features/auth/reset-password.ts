import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@panel/contract';
import { api } from '../../api/client';

type Done = { status: true; statusCode: number; msg: string; message: string };

/** `POST /api/password/reset`: the mailed token works once, for an hour. */
export const resetPassword = (body: ResetPasswordBody) =>
  api<Done>('/password/reset', { method: 'POST', body, allowUnauthorized: true });

/** The screen shows an expired link itself; other failures go through `showError`. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword, meta: { silent: true } });
