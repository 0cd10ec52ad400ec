import { useMutation } from '@tanstack/react-query';
import { createPasswordEndpoint, type CreatePasswordBody } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/password/create`: the verification mail's token sets the first password and verifies the account. */
export const createPassword = (body: CreatePasswordBody) =>
  call(createPasswordEndpoint, { body, allowUnauthorized: true });

export const useCreatePassword = () => useMutation({ mutationFn: createPassword });
