import { useMutation } from '@tanstack/react-query';
import { adminLoginEndpoint, loginEndpoint, loginTwoFactorEndpoint, type LoginBody, type LoginTwoFactorBody } from '@panel/contract';
import { call } from '../../api/client';

/**
 * `POST /api/login`, or `POST /api/{prefix}/admin-login` on the admin screen: a session, or a
 * challenge when the account has a second factor.
 */
export const login = ({ prefix, body }: { prefix?: string; body: LoginBody }) =>
  // A failed sign-in is an answer for this screen, not an expired session.
  prefix ? call(adminLoginEndpoint, { params: { prefix }, body, allowUnauthorized: true }) : call(loginEndpoint, { body, allowUnauthorized: true });

export const useLogin = () => useMutation({ mutationFn: login });

/** `POST /api/login/two-factor`: the challenge and a TOTP or recovery code, for both sign-in screens. */
export const loginTwoFactor = (body: LoginTwoFactorBody) =>
  call(loginTwoFactorEndpoint, { body, allowUnauthorized: true });

export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor });
