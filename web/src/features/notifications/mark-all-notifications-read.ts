import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markAllNotificationsReadEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { toastError } from '../../components/toast';
import { i18n } from '../../i18n';
import { applyReadAnswer } from './mark-notification-read';

export const markAllNotificationsRead = () => call(markAllNotificationsReadEndpoint);

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    meta: { silent: true },
    onSuccess: (answer) => applyReadAnswer(queryClient, answer),
    onError: () => toastError(i18n.t('notifications.markFailed')),
  });
}
