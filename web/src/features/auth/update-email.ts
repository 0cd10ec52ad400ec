import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { session } from '../../lib/session';

type Done = { status: true; statusCode: number; msg: string; message: string };

/**
 * `POST /api/update-email` with the sign-up token as bearer: an unverified account corrects its
 * address and gets the verification mail there. A refused token is this screen's answer to show,
 * not an expired session.
 */
export const updateEmail = (email: string) =>
  api<Done>('/update-email', { method: 'POST', body: { email }, token: session.token(), allowUnauthorized: true });

export const useUpdateEmail = () => useMutation({ mutationFn: updateEmail });
