import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { updatePlaylistAnswer, updatePlaylistBody } from '@panel/contract';
import { api } from '../../api/client';

export type UpdatePlaylistAnswer = z.infer<typeof updatePlaylistAnswer>;
export type UpdatePlaylistInput = z.input<typeof updatePlaylistBody>;

/** POST /api/update-playlist (Change domain): answers how many playlists changed in `data.updated`. */
export const updatePlaylist = (body: UpdatePlaylistInput) => api<UpdatePlaylistAnswer>('/update-playlist', { method: 'POST', body });

export const useUpdatePlaylist = () =>
  useMutation({
    mutationFn: updatePlaylist,
    meta: { silent: true },
  });
