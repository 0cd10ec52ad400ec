import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

type FallbackKey =
  | 'paymentPlans.errors.loadFailed'
  | 'paymentPlans.errors.addFailed'
  | 'paymentPlans.errors.updateFailed'
  | 'paymentPlans.errors.deleteFailed'
  | 'paymentPlans.errors.purchaseFailed'
  | 'billing.loadFailed'
  | 'checkout.errors.loadFailed'
  | 'checkout.errors.outcomeFailed';

/**
 * What a failed payments call shows (business-panel.md §8, Payment plan): the server's sentence,
 * already in the reader's language (a refusal, the payment provider out of reach, or the network
 * message when there was no answer); else, for an unexpected failure whose message says nothing
 * more, the screen's own text ('Failed to add payment plan', ...).
 */
export function paymentFailureMessage(error: unknown, fallbackKey: FallbackKey): string {
  // A refused field says more than the 422's general sentence (an unknown checkout id: the order was not found).
  const field = error instanceof ApiError && error.status === 422 ? Object.values(error.errors)[0]?.[0] : undefined;
  if (field) return field;
  if (error instanceof ApiError && error.message && error.code !== undefined && error.code !== 'INTERNAL') return error.message;
  return i18n.t(fallbackKey);
}
