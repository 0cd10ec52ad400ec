import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReadNotificationsAnswer } from '@panel/contract';
import { api } from '../../api/client';
import { toastError } from '../../components/toast';
import { i18n } from '../../i18n';
import { applyReadAnswer } from './mark-notification-read';

export const markAllNotificationsRead = () => api<ReadNotificationsAnswer>('/notifications/read-all', { method: 'POST' });

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    meta: { silent: true },
    onSuccess: (answer) => applyReadAnswer(queryClient, answer),
    onError: () => toastError(i18n.t('notifications.markFailed')),
  });
}
