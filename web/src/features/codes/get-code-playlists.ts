import { useQuery } from '@tanstack/react-query';
import { codePlaylistsEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/get-playlist/{codeValue}: the code's playlists (another reseller's with `resellerEmail`). */
export const getCodePlaylists = (codeValue: string, resellerEmail: string | undefined, signal?: AbortSignal) =>
  call(codePlaylistsEndpoint, {
    params: { codeValue },
    body: resellerEmail ? { resellerEmail } : {},
    signal,
  });

export const codePlaylistsQuery = (codeValue: string, resellerEmail: string | undefined) => ({
  queryKey: ['code-playlists', codeValue, resellerEmail ?? null] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getCodePlaylists(codeValue, resellerEmail, signal),
  // The editor shows the failure in place of the cards.
  meta: { silent: true },
  // The editor's cards are a copy being edited: no background refetch replaces them while the
  // editor is open, and each visit loads the list afresh (another session may have changed it).
  staleTime: Infinity,
  gcTime: 0,
});

export const useCodePlaylists = (codeValue: string, resellerEmail: string | undefined) =>
  useQuery(codePlaylistsQuery(codeValue, resellerEmail));
