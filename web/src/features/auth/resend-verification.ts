import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';

type Done = { status: true; statusCode: number; msg: string; message: string };

/** `POST /api/password/resend-password-create`: a new verification (create-password) mail. */
export const resendVerification = (email: string) =>
  api<Done>('/password/resend-password-create', { method: 'POST', body: { email }, allowUnauthorized: true });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
