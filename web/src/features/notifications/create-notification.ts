import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createNotificationEndpoint, type CreateNotificationBody } from '@panel/contract';
import { call } from '../../api/client';

/** POST /api/create-notifications: the title and the editor's HTML, as JSON. */
export const createNotification = (body: CreateNotificationBody) => call(createNotificationEndpoint, { body });

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    // The form shows field messages under its inputs, the rest in its own alert.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-notifications'] }),
  });
}
