import { useMutation } from '@tanstack/react-query';
import type { CreatePasswordBody } from '@panel/contract';
import { api } from '../../api/client';

type Done = { status: true; statusCode: number; msg: string; message: string };

/** `POST /api/password/create`: the verification mail's token sets the first password and verifies the account. */
export const createPassword = (body: CreatePasswordBody) =>
  api<Done>('/password/create', { method: 'POST', body, allowUnauthorized: true });

/** The screen shows an expired link itself; other failures go through `showError`. */
export const useCreatePassword = () => useMutation({ mutationFn: createPassword, meta: { silent: true } });
