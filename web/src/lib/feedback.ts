import { ApiError } from '../api/client';
import { i18n } from '../i18n';
import { toastError, toastSuccess } from '../components/toast';

/** Failures a screen has already shown where they happened (a form's fields or its alert). */
const shownInPlace = new WeakSet<object>();

/** Says a failure is shown where it happened: the query client then shows no toast for it. */
export function shownWhereItHappened(error: unknown) {
  if (typeof error === 'object' && error !== null) shownInPlace.add(error);
}

export const isShownInPlace = (error: unknown) => typeof error === 'object' && error !== null && shownInPlace.has(error);

/**
 * The only place that decides which toast a failed call shows (the query client calls it for
 * every call not marked `silent`). A 422 is left to its form, which shows the field messages.
 */
export function showError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return;
  // The app has gone to the setup screen, whose banner says why: no toast per refused call.
  if (error instanceof ApiError && error.code === 'TWO_FACTOR_SETUP_REQUIRED') return;
  if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) return;
  const message = error instanceof Error && error.message ? error.message : i18n.t('common.unexpectedError');
  toastError(message);
}

export function showSuccess(message: string) {
  toastSuccess(message);
}
