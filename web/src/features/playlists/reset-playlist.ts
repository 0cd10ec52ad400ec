import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { resetPlaylistEndpoint, type resetPlaylistBody } from '@panel/contract';
import { call } from '../../api/client';

export type ResetPlaylistInput = z.input<typeof resetPlaylistBody>;

/** POST /api/reset-playlist: clears the device's playlists of one type (the device key for BOBPLAYER and IBOPLAYER). */
export const resetPlaylist = (body: ResetPlaylistInput) => call(resetPlaylistEndpoint, { body });

export const useResetPlaylist = () =>
  useMutation({
    mutationFn: resetPlaylist,
  });
