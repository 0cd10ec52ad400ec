import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { okEnvelope, ticketsDeletedAnswer } from '@panel/contract';
import { api } from '../../api/client';

type Done = z.infer<typeof okEnvelope>;
export type TicketsDeletedAnswer = z.infer<typeof ticketsDeletedAnswer>;

/** DELETE /api/delete-tickets/{id}: the caller's own ticket, or any with 'delete-all-tickets'. */
export const deleteTicket = (id: number) => api<Done>(`/delete-tickets/${id}`, { method: 'DELETE' });

/** DELETE /api/delete-all-tickets ('delete-all-tickets'); 404 'No tickets to delete.' when there are none. */
export const deleteAllTickets = () => api<TicketsDeletedAnswer>('/delete-all-tickets', { method: 'DELETE' });

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTicket, meta: { silent: true }, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }) });
}

export function useDeleteAllTickets() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAllTickets, meta: { silent: true }, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tickets'] }) });
}
