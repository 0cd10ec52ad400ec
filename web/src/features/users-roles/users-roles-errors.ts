import { ApiError } from '../../api/client';
import { toastError } from '../../components/toast';
import { i18n } from '../../i18n';
import { shownWhereItHappened } from '../../lib/feedback';

/**
 * core-panel.md §8, Roles: a 422 toasts each of its messages; 400 and 401 toast the server's
 * message, and so do the refusals a person can act on (403 first role, 409 role still in use);
 * anything else is 'An error occurred'.
 */
export function showRoleError(error: unknown) {
  shownWhereItHappened(error);
  if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
    for (const messages of Object.values(error.errors)) for (const message of messages) toastError(message);
    return;
  }
  if (error instanceof ApiError && [0, 400, 401, 403, 409].includes(error.status)) {
    toastError(error.message);
    return;
  }
  toastError(i18n.t('common.anErrorOccurred'));
}

/**
 * core-panel.md §8, Users: a missing permission reads 'Permission denied'; other refusals (an
 * admin account, one's own account) keep the server's message; otherwise 'An error occurred'.
 * 422 field errors are the form's business and never reach here.
 */
export function userErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403 && (error.code === 'FORBIDDEN' || !error.message)) {
    return i18n.t('common.permissionDenied');
  }
  if (error instanceof ApiError && error.message) return error.message;
  return i18n.t('common.anErrorOccurred');
}
