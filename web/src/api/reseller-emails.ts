import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listResellersEndpoint, SEARCH_MIN_LENGTH } from '@panel/contract';
import { call } from './client';

/** How many matches a reseller e-mail box offers under it. */
const SUGGESTIONS = 10;

/** GET /api/total-resellers/list?search_title=…: the e-mails of the resellers matching a keyword. */
export async function searchResellerEmails(keyword: string, signal?: AbortSignal): Promise<string[]> {
  const answer = await call(listResellersEndpoint, {
    query: { search_title: keyword, page_number: 1, page_size: SUGGESTIONS },
    signal,
  });
  return answer.data.data.map((reseller) => reseller.email);
}

export const resellerEmailsQuery = (keyword: string) => ({
  queryKey: ['resellers', { search_title: keyword, page_size: SUGGESTIONS }],
  queryFn: ({ signal }: { signal: AbortSignal }) => searchResellerEmails(keyword, signal),
  enabled: keyword.length >= SEARCH_MIN_LENGTH,
  placeholderData: keepPreviousData,
  // Suggestions only: without them (or without the permission to list resellers) the e-mail is typed in full.
  meta: { silent: true },
  retry: false,
});

export const useResellerEmails = (keyword: string) => useQuery(resellerEmailsQuery(keyword));
