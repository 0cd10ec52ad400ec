import { useMutation } from '@tanstack/react-query';
import { resendPasswordCreateEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/password/resend-password-create`: a new verification (create-password) mail. */
export const resendVerification = (email: string) =>
  call(resendPasswordCreateEndpoint, { body: { email }, allowUnauthorized: true });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
