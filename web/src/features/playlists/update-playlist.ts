import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { updatePlaylistEndpoint, type updatePlaylistBody } from '@panel/contract';
import { call } from '../../api/client';

export type UpdatePlaylistInput = z.input<typeof updatePlaylistBody>;

/** POST /api/update-playlist (Change domain): answers how many playlists changed in `data.updated`. */
export const updatePlaylist = (body: UpdatePlaylistInput) => call(updatePlaylistEndpoint, { body });

export const useUpdatePlaylist = () =>
  useMutation({
    mutationFn: updatePlaylist,
  });
