import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketAction, TicketAnswer } from '@panel/contract';
import { api } from '../../api/client';

/** The four status moves (core-panel.md §7): each its own path; reopen and resolve carry a comment. */
const PATHS: Record<TicketAction, (id: number) => string> = {
  withdraw: (id) => `/withdraw-tickets/${id}/withdraw`,
  close: (id) => `/close-tickets/${id}/close`,
  reopen: (id) => `/reopen-tickets/${id}/reopen`,
  resolve: (id) => `/resolve-tickets/${id}/resolve`,
};

export type TicketMove = { action: TicketAction; id: number; comment?: string };

/** POST /api/{withdraw,close,reopen,resolve}-tickets/{id}/{action}. */
export const changeTicketStatus = ({ action, id, comment }: TicketMove) =>
  api<TicketAnswer>(PATHS[action](id), { method: 'POST', body: comment === undefined ? {} : { comment } });

export function useChangeTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTicketStatus,
    // The page chooses the text of each failure (§8).
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
