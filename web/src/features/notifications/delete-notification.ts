import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteNotificationEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** DELETE /api/delete-notifications/{id}. */
export const deleteNotification = (id: number) => call(deleteNotificationEndpoint, { params: { id } });

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin-notifications'] });
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
