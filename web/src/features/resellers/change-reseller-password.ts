import { useMutation } from '@tanstack/react-query';
import type { ResellerPasswordBody } from '@panel/contract';
import { api } from '../../api/client';

/** PUT /api/resellers/{id}/change-password: the account's sessions end on the server. */
export const changeResellerPassword = ({ id, body }: { id: number; body: ResellerPasswordBody }) =>
  api<{ status: true; msg: string }>(`/resellers/${id}/change-password`, { method: 'PUT', body });

export const useChangeResellerPassword = () => useMutation({ mutationFn: changeResellerPassword, meta: { silent: true } });
