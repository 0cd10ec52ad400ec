import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createNotificationEndpoint, type CreateNotificationBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/create-notifications: the title and the editor's HTML, as JSON. */
export const createNotification = (body: CreateNotificationBody) => call(createNotificationEndpoint, { body });

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-notifications'] }),
  });
}
