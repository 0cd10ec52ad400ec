import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';
import type { BoxAction } from './change-boxes';

/**
 * business-panel.md §8, Box management: the reseller field's first message, else the server's
 * msg, else 'Failed to enable boxes.' / 'Failed to disable boxes.'. A server failure (5xx) reads
 * as the fallback, not as an internal sentence.
 */
export function boxFailureMessage(error: unknown, action: BoxAction): string {
  const fallback = i18n.t(action === 'enable' ? 'boxes.errors.enableFailed' : 'boxes.errors.disableFailed');
  if (!(error instanceof ApiError)) return fallback;
  const reseller = error.errors.resellerId?.[0] ?? error.errors.reseller_id?.[0];
  if (reseller) return reseller;
  if (error.status < 500 && error.message) return error.message;
  return fallback;
}
