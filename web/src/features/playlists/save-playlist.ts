import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { savePlaylistEndpoint, type savePlaylistBody } from '@panel/contract';
import { call } from '../../api/client';

/** What the form sends: the contract's input shape (the server trims and normalises it). */
export type SavePlaylistInput = z.input<typeof savePlaylistBody>;

/** POST /api/save-playlist: a general playlist, or with `playlist_type` 'xc' an Xtream Codes one. */
export const savePlaylist = (body: SavePlaylistInput) => call(savePlaylistEndpoint, { body });

export const useSavePlaylist = () =>
  useMutation({
    mutationFn: savePlaylist,
  });
