import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ticketsEndpoint, type TicketListAnswer } from '@panel/contract';
import { call } from '../../api/client';
import { session } from '../../lib/session';

/** What the tickets list asks for (core-panel.md §7, GET api/get-all-tickets). */
export type TicketListFilters = {
  page_number: number;
  page_size: number;
  sort_key: 'created_at';
  sort_type: 'asc' | 'desc';
  search_title: string;
};

/** One page of the caller's tickets (every reseller's with 'raisedby-tickets list'). */
export const getTickets = (filters: Partial<TicketListFilters>, signal?: AbortSignal) =>
  call(ticketsEndpoint, { query: filters, signal });

export const ticketsQuery = (filters: TicketListFilters) => ({
  queryKey: ['tickets', 'list', filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getTickets(filters, signal),
  placeholderData: keepPreviousData,
  // The page shows the failure in place of the rows.
  meta: { silent: true },
});

export const useTickets = (filters: TicketListFilters) => useQuery(ticketsQuery(filters));

/**
 * The sidebar's count of tickets waiting for the support side: one row is enough, the answer's
 * `open_count` counts them all. Only for those who see every reseller's tickets.
 */
export function useOpenTicketCount() {
  const enabled = session.has('raisedby-tickets list') && session.has('tickets list');
  return useQuery({
    queryKey: ['tickets', 'open-count'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => getTickets({ page_number: 1, page_size: 1 }, signal),
    select: (answer: TicketListAnswer) => answer.open_count,
    enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
}
