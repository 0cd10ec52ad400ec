import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

type Answer = { status: true; statusCode: number; message: string };

/** DELETE /api/delete-notifications/{id}. */
export const deleteNotification = (id: number) => api<Answer>(`/delete-notifications/${id}`, { method: 'DELETE' });

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
