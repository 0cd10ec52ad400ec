import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@panel/contract';
import { i18n } from '../i18n';

/** A red toast with a text already chosen by the caller (features that handle their own errors). */
export function toastError(message: string, title: string = i18n.t('common.error')) {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_MS });
}
