import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer, LoginBody, LoginChallengeAnswer, LoginTwoFactorBody } from '@panel/contract';
import { api } from '../../api/client';

/**
 * `POST /api/login`, or `POST /api/{prefix}/admin-login` on the admin screen: a session, or a
 * challenge when the account has a second factor.
 */
export const login = ({ prefix, body }: { prefix?: string; body: LoginBody }) =>
  api<LoginAnswer | LoginChallengeAnswer>(prefix ? `/${encodeURIComponent(prefix)}/admin-login` : '/login', {
    method: 'POST',
    body,
    // A failed sign-in is an answer for this screen, not an expired session.
    allowUnauthorized: true,
  });

/** The screen turns every failure into its own message (core-panel.md §8), so no global toast. */
export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } });

/** `POST /api/login/two-factor`: the challenge and a TOTP or recovery code, for both sign-in screens. */
export const loginTwoFactor = (body: LoginTwoFactorBody) =>
  api<LoginAnswer>('/login/two-factor', { method: 'POST', body, allowUnauthorized: true });

export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor, meta: { silent: true } });
