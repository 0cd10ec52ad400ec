import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateNotificationBody } from '@panel/contract';
import { api } from '../../api/client';

type Answer = { status: true; msg: string };

/** POST /api/create-notifications: the title and the editor's HTML, as JSON. */
export const createNotification = (body: CreateNotificationBody) => api<Answer>('/create-notifications', { method: 'POST', body });

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotification,
    // The form shows field messages under its inputs, the rest in its own alert.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-notifications'] }),
  });
}
