import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closeTicketEndpoint, reopenTicketEndpoint, resolveTicketEndpoint, withdrawTicketEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** The four status moves (core-panel.md §7): each its own endpoint; reopen and resolve carry a comment. */
const MOVES = { withdraw: withdrawTicketEndpoint, close: closeTicketEndpoint } as const;
const COMMENTED = { reopen: reopenTicketEndpoint, resolve: resolveTicketEndpoint } as const;

export type TicketMove = { action: keyof typeof MOVES; id: number } | { action: keyof typeof COMMENTED; id: number; comment: string };

/** POST /api/{withdraw,close,reopen,resolve}-tickets/{id}/{action}. */
export const changeTicketStatus = (move: TicketMove) =>
  'comment' in move
    ? call(COMMENTED[move.action], { params: { id: move.id }, body: { comment: move.comment } })
    : call(MOVES[move.action], { params: { id: move.id } });

export function useChangeTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTicketStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }),
  });
}
