import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { savePlaylistAnswer, savePlaylistBody } from '@panel/contract';
import { api } from '../../api/client';

export type SavePlaylistAnswer = z.infer<typeof savePlaylistAnswer>;
/** What the form sends: the contract's input shape (the server trims and normalises it). */
export type SavePlaylistInput = z.input<typeof savePlaylistBody>;

/** POST /api/save-playlist: a general playlist, or with `playlist_type` 'xc' an Xtream Codes one. */
export const savePlaylist = (body: SavePlaylistInput) => api<SavePlaylistAnswer>('/save-playlist', { method: 'POST', body });

export const useSavePlaylist = () =>
  useMutation({
    mutationFn: savePlaylist,
    // business-panel.md §8, Save/reset playlist: the form chooses the message.
    meta: { silent: true },
  });
