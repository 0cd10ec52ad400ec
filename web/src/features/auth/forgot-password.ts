import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';

type Done = { status: true; statusCode: number; msg: string; message: string };

/** `POST /api/password/forgot`: the same answer whether or not the address has an account. */
export const forgotPassword = (email: string) =>
  api<Done>('/password/forgot', { method: 'POST', body: { email }, allowUnauthorized: true });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
