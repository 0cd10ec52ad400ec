import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

/** Errors that belong to the passcode prompt: it stays open for another try. */
const PASSCODE_CODES = new Set(['INVALID_PASSCODE', 'PASSCODE_NOT_SET', 'TOO_MANY_ATTEMPTS']);

export type RechargeFailure =
  | { where: 'passcode'; message: string }
  | { where: 'fields'; fields: Record<string, string> }
  | { where: 'toast'; message: string };

/**
 * business-panel.md §8, Recharge: no answer is 'Server did not respond', a request that could
 * not be sent 'Failed to send request', a passcode failure the server's message or 'Invalid
 * passcode'; a refusal a person can act on (unknown e-mail, not enough points) keeps the
 * server's message, anything else is 'Failed to update credit points'.
 */
export function rechargeFailure(error: unknown): RechargeFailure {
  if (!(error instanceof ApiError)) return { where: 'toast', message: i18n.t('credit.recharge.sendFailed') };
  if (error.status === 0) return { where: 'toast', message: i18n.t('credit.recharge.noResponse') };
  if (error.code !== undefined && PASSCODE_CODES.has(error.code)) {
    return { where: 'passcode', message: error.message || i18n.t('credit.recharge.invalidPasscode') };
  }
  const fields = error.fieldErrors();
  if (fields.creditSharePasscode) return { where: 'passcode', message: fields.creditSharePasscode };
  if (Object.keys(fields).length > 0) return { where: 'fields', fields };
  if (error.status >= 400 && error.status < 500 && error.message) return { where: 'toast', message: error.message };
  return { where: 'toast', message: i18n.t('credit.recharge.updateFailed') };
}
