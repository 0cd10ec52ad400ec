import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { editCodePlaylistsEndpoint, type codePlaylistInput } from '@panel/contract';
import { call } from '../../api/client';

/** One playlist as sent: `epg` null when there is none. */
export type CodePlaylistBody = z.input<typeof codePlaylistInput>;
export type EditCodePlaylistsInput = { codeValue: string; playlists: CodePlaylistBody[]; resellerEmail?: string };

/** POST /api/edit-playlist/{codeValue}: replaces the code's whole list of playlists. */
export const editCodePlaylists = ({ codeValue, playlists, resellerEmail }: EditCodePlaylistsInput) =>
  call(editCodePlaylistsEndpoint, {
    params: { codeValue },
    body: resellerEmail ? { playlists, resellerEmail } : { playlists },
  });

export function useEditCodePlaylists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCodePlaylists,
    onSuccess: (_answer, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['code-playlists', input.codeValue] }),
        queryClient.invalidateQueries({ queryKey: ['activation-codes'] }),
      ]),
  });
}
