import { useMutation } from '@tanstack/react-query';
import { updateEmailEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { session } from '../../lib/session';

/**
 * `POST /api/update-email` with the sign-up token as bearer: an unverified account corrects its
 * address and gets the verification mail there. A refused token is this screen's answer to show,
 * not an expired session.
 */
export const updateEmail = (email: string) =>
  call(updateEmailEndpoint, { body: { email }, token: session.token(), allowUnauthorized: true });

export const useUpdateEmail = () => useMutation({ mutationFn: updateEmail });
