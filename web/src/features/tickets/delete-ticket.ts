import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAllTicketsEndpoint, deleteTicketEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** DELETE /api/delete-tickets/{id}: the caller's own ticket, or any with 'delete-all-tickets'. */
export const deleteTicket = (id: number) => call(deleteTicketEndpoint, { params: { id } });

/** DELETE /api/delete-all-tickets ('delete-all-tickets'); 404 'No tickets to delete.' when there are none. */
export const deleteAllTickets = () => call(deleteAllTicketsEndpoint);

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTicket, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }) });
}

export function useDeleteAllTickets() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAllTickets, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }) });
}
