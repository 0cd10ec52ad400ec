import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

/**
 * The 422 rewrite rules of business-panel.md §5: 'The request data.' is dropped, 'has already
 * been taken' reads 'is already taken' and 'field is required' reads 'is required'.
 */
export function rewriteValidationMessage(message: string): string {
  return message
    .replace(/The request data\.\s*/g, '')
    .replace(/has already been taken/g, 'is already taken')
    .replace(/field is required/g, 'is required')
    .trim();
}

/** A 422's first message per field, rewritten; array items (`application_allowed.0`) count as their field. */
function fieldMessages(error: ApiError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const name = field.split('.')[0] ?? field;
    const first = messages[0];
    if (first && fields[name] === undefined) fields[name] = rewriteValidationMessage(first);
  }
  return fields;
}

export type Failure = {
  /** Messages to show under the form's inputs. */
  fields?: Record<string, string>;
  /** A general alert above the form's buttons. */
  alert?: string;
  /** A toast. */
  toast?: string;
};

/**
 * business-panel.md §8, Add reseller: a 422 shows its per-field messages; a 400 its msg as a
 * general alert; anything else 'An error occurred. Please try again.'.
 */
export function addResellerFailure(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) return { fields: fieldMessages(error) };
  if (error instanceof ApiError && error.status === 400 && error.message) return { alert: error.message };
  return { alert: i18n.t('resellerForms.errors.tryAgain') };
}

/**
 * business-panel.md §8, Edit reseller and its password: C10014 shows the server's msg ('Cannot
 * edit an admin account', 'Cannot change the password for an admin account'); a 422 or 400 the
 * first message of each entry; otherwise the message or 'An error occurred'; without an answer
 * 'Network error. Please try again later.'.
 */
export function editResellerFailure(error: unknown, knownFields: readonly string[]): Failure {
  if (!(error instanceof ApiError)) return { toast: i18n.t('resellerForms.errors.anErrorOccurred') };
  if (error.status === 0) return { toast: i18n.t('resellerForms.errors.network') };
  if (error.code === 'C10014' || error.statusCode === 'C10014') return { toast: error.message };
  if ((error.status === 422 || error.status === 400) && Object.keys(error.errors).length > 0) {
    const all = fieldMessages(error);
    const fields = Object.fromEntries(Object.entries(all).filter(([field]) => knownFields.includes(field)));
    const others = Object.entries(all).filter(([field]) => !knownFields.includes(field)).map(([, message]) => message);
    return { fields, toast: others.length > 0 ? others.join(' ') : undefined };
  }
  return { toast: error.message || i18n.t('resellerForms.errors.anErrorOccurred') };
}

/**
 * business-panel.md §8, Sub-reseller role change: 422 'Reseller assignment failed, …'; 400
 * 'Subreseller detail not found, …'; otherwise the server's message.
 */
export function promoteFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) return i18n.t('resellerForms.errors.promoteInvalid');
  if (error instanceof ApiError && error.status === 400) return i18n.t('resellerForms.errors.promoteNotFound');
  if (error instanceof ApiError && error.status === 0) return i18n.t('resellerForms.errors.network');
  if (error instanceof ApiError && error.message) return error.message;
  return i18n.t('resellerForms.errors.anErrorOccurred');
}

/** business-panel.md §8, Assign: the server's msg (a 422's first field message), or 'An error occurred.'. */
export function assignFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
    return Object.values(fieldMessages(error))[0] ?? error.message;
  }
  if (error instanceof ApiError && error.message) return error.message;
  return i18n.t('resellerForms.errors.anErrorOccurredDot');
}
