import { useMutation } from '@tanstack/react-query';
import { registerEndpoint, type RegisterBody } from '@panel/contract';
import { call } from '../../api/client';

/** `POST /api/register`: the answer's token only opens the update-email screen, it is no session. */
export const register = (body: RegisterBody) => call(registerEndpoint, { body, allowUnauthorized: true });

/** A 422 goes under the fields (the global handler leaves it alone); a 400 or anything else is a toast. */
export const useRegister = () => useMutation({ mutationFn: register });
