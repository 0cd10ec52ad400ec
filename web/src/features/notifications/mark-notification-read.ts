import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { markNotificationReadEndpoint, type NotificationsAnswer, type ReadNotificationsAnswer } from '@panel/contract';
import { call } from '../../api/client';
import { toastError } from '../../components/toast';
import { i18n } from '../../i18n';
import { shownWhereItHappened } from '../../lib/feedback';

export const markNotificationRead = (id: number) => call(markNotificationReadEndpoint, { params: { id } });

/** Every cached page of the feed takes the server's new read list and unread count at once. */
export function applyReadAnswer(queryClient: QueryClient, answer: ReadNotificationsAnswer) {
  queryClient.setQueriesData<NotificationsAnswer>({ queryKey: ['notifications'] }, (old) =>
    old ? { ...old, data: { ...old.data, readNotifications: answer.data.readNotifications }, unread_count: answer.unread_count } : old,
  );
}

/** A failed mark reads the specification's 'Failed to mark as read.' (core-panel.md §8), in place of the query client's toast. */
export function markReadFailed(error: unknown) {
  toastError(i18n.t('notifications.markFailed'));
  shownWhereItHappened(error);
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (answer) => applyReadAnswer(queryClient, answer),
    onError: markReadFailed,
  });
}
