import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer, LoginBody } from '@panel/contract';
import { api } from '../../api/client';

/** `POST /api/login`, or `POST /api/{prefix}/admin-login` on the admin screen. */
export const login = ({ prefix, body }: { prefix?: string; body: LoginBody }) =>
  api<LoginAnswer>(prefix ? `/${encodeURIComponent(prefix)}/admin-login` : '/login', {
    method: 'POST',
    body,
    // A failed sign-in is an answer for this screen, not an expired session.
    allowUnauthorized: true,
  });

/** The screen turns every failure into its own message (core-panel.md §8), so no global toast. */
export const useLogin = () => useMutation({ mutationFn: login, meta: { silent: true } });
