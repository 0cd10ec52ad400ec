import { useMutation } from '@tanstack/react-query';
import { changeResellerPasswordEndpoint, type ResellerPasswordBody } from '@panel/contract';
import { call } from '../../api/client';

/** PUT /api/resellers/{id}/change-password: the account's sessions end on the server. */
export const changeResellerPassword = ({ id, body }: { id: number; body: ResellerPasswordBody }) =>
  call(changeResellerPasswordEndpoint, { params: { id }, body });

export const useChangeResellerPassword = () => useMutation({ mutationFn: changeResellerPassword });
