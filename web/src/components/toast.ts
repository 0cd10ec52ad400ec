import { TOAST_MS } from '@panel/contract';
import { i18n } from '../i18n';

type Toast = { color: 'red' | 'green' | 'orange'; title?: string; message: string };

/**
 * Toasts load Mantine's notifications (container, transitions, scroll lock) with the first one
 * shown: most visits to a sign-in screen show none and never download that code.
 */
let needed = false;
const listeners = new Set<() => void>();

export const toastContainer = {
  needed: () => needed,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function showToast(toast: Toast) {
  if (!needed) {
    needed = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show({ ...toast, autoClose: TOAST_MS }));
}

/** A red toast with a text already chosen by the caller (features that handle their own errors). */
export function toastError(message: string, title: string = i18n.t('common.error')) {
  showToast({ color: 'red', title, message });
}

export function toastSuccess(message: string) {
  showToast({ color: 'green', message });
}

/** An orange toast: nothing failed, but nothing was done either (a payment the buyer cancelled). */
export function toastWarning(message: string) {
  showToast({ color: 'orange', message });
}
