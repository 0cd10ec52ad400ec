import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

/**
 * business-panel.md §8, Application save: a 422 on appPlaceLocation reads 'Please enter a valid
 * URL', other fields their first message (under their inputs); a 401 shows the server's message;
 * anything else 'An unexpected error occurred.'. Refusals a person can act on (403, 409) keep the
 * server's sentence too.
 */
export function applicationFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError) || error.status !== 422 || Object.keys(error.errors).length === 0) return undefined;
  const fields = error.fieldErrors();
  if (fields.appPlaceLocation !== undefined) fields.appPlaceLocation = i18n.t('validation.urlInvalid');
  return fields;
}

export function applicationSaveMessage(error: unknown): string {
  if (error instanceof ApiError && [401, 403, 409].includes(error.status) && error.message) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return i18n.t('applications.errors.unexpected');
}
