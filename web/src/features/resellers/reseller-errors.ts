import { ApiError } from '../../api/client';
import { formErrorText, type FormErrorTexts } from '../../components/form';
import { i18n } from '../../i18n';

/** Server refusals whose message says what to do (business-panel.md §8): shown as they are. */
const KEEP_MESSAGE = new Set(['C10010', 'C10011', 'C10012', 'C10013', 'C10014', 'C10422', 'C10424', 'SELF_ACTION', 'CONFLICT']);

/** Errors that belong to the passcode step: the prompt stays open for another try. */
export const PASSCODE_CODES = new Set(['INVALID_PASSCODE', 'PASSCODE_NOT_SET', 'TOO_MANY_ATTEMPTS', 'PASSCODE_REQUIRED']);

const fallback = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : i18n.t('common.anErrorOccurred');

/** Enable/disable (§8): any 403 reads 'Action Not Allowed'; no answer is the network text. */
export function statusErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return i18n.t('resellerList.errors.actionNotAllowed');
  if (error instanceof ApiError && error.status === 0) return i18n.t('resellerList.errors.network');
  return fallback(error);
}

/** What the list's actions read: the server's reason, or the network text; a 403 FORBIDDEN is 'Action Not Allowed'. */
const actionTexts = (codes: Record<string, string> = {}): FormErrorTexts => ({
  codes: { FORBIDDEN: i18n.t('resellerList.errors.actionNotAllowed'), ...codes },
  network: i18n.t('resellerList.errors.network'),
  fallback: i18n.t('common.anErrorOccurred'),
  serverError: true,
});

/** Remove, reactivate, logo, API access. */
export const actionErrorMessage = (error: unknown): string => formErrorText(error, actionTexts());

/**
 * Add and deduct credit (§8): C10010–C10014, C10422 and C10424 show the server's message (C10011
 * is the amount's own message); no answer is 'Network error. Please try again later.'.
 */
export function creditMoveErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return i18n.t('resellerList.errors.network');
  const amount = error.fieldErrors().creditPoint;
  if (amount) return amount;
  if (error.code && KEEP_MESSAGE.has(error.code) && error.message) return error.message;
  if (error.status === 403 && error.code === 'FORBIDDEN') return i18n.t('resellerList.errors.actionNotAllowed');
  return fallback(error);
}

/** Report download (§8): C10012 is 'No records found for this reseller.'. */
export const reportErrorMessage = (error: unknown): string =>
  formErrorText(error, actionTexts({ C10012: i18n.t('resellerList.errors.noRecordsReseller') }));
