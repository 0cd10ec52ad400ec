import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

export type ActivationFailure = {
  message: string;
  /** Why each app was refused (ACTIVATION_REFUSED): nothing was activated and nothing charged. */
  reasons: { app: string; message: string }[];
  /** The server's price differs from the one shown: ask it again before another confirmation. */
  priceChanged: boolean;
};

/** Refusals whose message a person can act on, shown as the server words them. */
const SHOWN_CODES = new Set(['ACTIVATION_REFUSED', 'INSUFFICIENT_CREDIT', 'PRICE_CHANGED', 'NO_APPS_TO_ACTIVATE', 'TOO_MANY_REQUESTS']);

/**
 * business-panel.md §8, Bulk activation: a refusal the server explains keeps its message (with
 * the reason per app when some app may not be activated); a request that failed on the way or on
 * the server is 'An error occurred during bulk activation', any other refusal 'Bulk activation failed'.
 */
export function activationFailure(error: unknown, apps: readonly { id: number; name: string }[]): ActivationFailure {
  const failure = (message: string): ActivationFailure => ({ message, reasons: [], priceChanged: false });
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return failure(i18n.t('activation.errors.unexpected'));
  }
  if (error.code !== undefined && SHOWN_CODES.has(error.code)) {
    const reasons =
      error.code === 'ACTIVATION_REFUSED'
        ? Object.entries(error.errors).map(([key, messages]) => ({ app: appName(key, apps), message: messages.join(' ') }))
        : [];
    return { message: error.message, reasons, priceChanged: error.code === 'PRICE_CHANGED' };
  }
  const fieldMessage = Object.values(error.fieldErrors())[0];
  return failure(fieldMessage || i18n.t('activation.errors.failed'));
}

/** The refusal's `errors` are keyed by app id (`"12"`, or a path ending in it such as `app_ids.12`) or by name. */
function appName(key: string, apps: readonly { id: number; name: string }[]): string {
  const id = /(\d+)$/.exec(key)?.[1];
  return apps.find((app) => app.name === key || String(app.id) === key || String(app.id) === id)?.name ?? key;
}
