import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addPasskeyEndpoint, passkeysEndpoint, removePasskeyEndpoint, renamePasskeyEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { createWithPasskey } from '../../lib/passkey';

/** `GET /api/passkeys`: the account's passkeys, names and dates only. */
export const getPasskeys = () => call(passkeysEndpoint);
export const passkeysQuery = () => ({ queryKey: ['passkeys'], queryFn: getPasskeys });
export const usePasskeys = () => useQuery(passkeysQuery());

/** Registration options, the browser's prompt, then `POST /api/passkeys` with the name. */
export async function addPasskey(name: string) {
  const response = await createWithPasskey();
  return call(addPasskeyEndpoint, { body: { name, response } });
}

export const renamePasskey = ({ id, name }: { id: number; name: string }) => call(renamePasskeyEndpoint, { params: { id }, body: { name } });

export const removePasskey = (id: number) => call(removePasskeyEndpoint, { params: { id } });

/** A passkey changes the second factor's state too (recovery codes, the sign-in's methods). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['passkeys'] }), queryClient.invalidateQueries({ queryKey: ['two-factor'] })]);
}

/** Adding and renaming show their failures in the form (the browser's prompt included) and say so with shownWhereItHappened. */
export const useAddPasskey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: addPasskey, onSuccess: refresh });
};
export const useRenamePasskey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: renamePasskey, onSuccess: refresh });
};
/** Removing goes through the global error path: a STEP_UP_REQUIRED there asks for the step-up. */
export const useRemovePasskey = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: removePasskey, onSettled: refresh });
};
