import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

/**
 * What a failed APK plan call shows: the server's sentence (already in the reader's language, and
 * the network message when there was no answer), else a generic fallback.
 */
export function apkFailureMessage(error: unknown, fallbackKey: 'apk.errors.saveFailed' | 'apk.errors.deleteFailed' | 'apk.errors.loadFailed'): string {
  if (error instanceof ApiError && error.message) return error.message;
  return i18n.t(fallbackKey);
}
