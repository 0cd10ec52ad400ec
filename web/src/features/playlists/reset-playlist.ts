import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { resetPlaylistAnswer, resetPlaylistBody } from '@panel/contract';
import { api } from '../../api/client';

export type ResetPlaylistAnswer = z.infer<typeof resetPlaylistAnswer>;
export type ResetPlaylistInput = z.input<typeof resetPlaylistBody>;

/** POST /api/reset-playlist: clears the device's playlists of one type (the device key for BOBPLAYER and IBOPLAYER). */
export const resetPlaylist = (body: ResetPlaylistInput) => api<ResetPlaylistAnswer>('/reset-playlist', { method: 'POST', body });

export const useResetPlaylist = () =>
  useMutation({
    mutationFn: resetPlaylist,
    meta: { silent: true },
  });
