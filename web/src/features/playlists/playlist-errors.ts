import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

/** The catalogue codes the playlist screens word themselves (business-panel.md §8, Save/reset playlist). */
const CODE_TEXTS: Record<string, string> = {
  C10404: 'errors.deviceNotFound',
  C10403: 'errors.playlistResetDenied',
  C10002: 'errors.unauthenticated',
  C10405: 'errors.invalidDeviceKey',
};

/**
 * business-panel.md §8, Save/reset playlist: C10404, C10403, C10002 and C10405 have their own
 * texts; otherwise the server's message, else 'Unknown error occurred'. No answer at all reads 'No
 * response received from the server'; a request that could not even be made 'Error setting up the
 * request'.
 */
export function playlistFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('playlists.errors.setup');
  if (error.status === 0) return i18n.t('playlists.errors.noResponse');
  const key = error.code === undefined ? undefined : CODE_TEXTS[error.code];
  if (key) return i18n.t(key);
  return error.message || i18n.t('playlists.errors.unknown');
}

