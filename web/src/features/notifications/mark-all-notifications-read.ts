import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markAllNotificationsReadEndpoint } from '@panel/contract';
import { call } from '../../api/client';
import { applyReadAnswer, markReadFailed } from './mark-notification-read';

export const markAllNotificationsRead = () => call(markAllNotificationsReadEndpoint);

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (answer) => applyReadAnswer(queryClient, answer),
    onError: markReadFailed,
  });
}
