import { useMutation } from '@tanstack/react-query';
import { forgotPasswordEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/password/forgot`: the same answer whether or not the address has an account. */
export const forgotPassword = (email: string) =>
  call(forgotPasswordEndpoint, { body: { email }, allowUnauthorized: true });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
