import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

/** business-panel.md §8, Code actions: the server's message in an error dialog, else 'An unexpected error occurred.'. */
export function codeActionError(error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.message) {
    // A 422 says what was wrong with the field more precisely than its envelope's summary.
    return Object.values(error.fieldErrors())[0] || error.message;
  }
  return i18n.t('common.unexpectedError');
}

/**
 * §8: a 422 on the code list is the date range's error (its field message, the answer's msg, or
 * 'Invalid date range'); any other failure 'An error occurred while fetching activation codes'.
 */
export function codeListError(error: unknown): { dates?: string; list?: string } {
  if (error instanceof ApiError && error.status === 422) {
    const fields = error.fieldErrors();
    return { dates: fields.date_to || fields.date_from || error.message || i18n.t('activationCodes.list.invalidRange') };
  }
  return { list: i18n.t('activationCodes.list.loadFailed') };
}
