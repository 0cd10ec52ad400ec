import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminNotification } from '@panel/contract';
import { api } from '../../api/client';

type Answer = { status: true; msg: string; data: AdminNotification };

/** PUT /api/change-notifications/{id}/status: 1 (Active) becomes 0 (Not Active) and back. */
export const changeNotificationStatus = (id: number) => api<Answer>(`/change-notifications/${id}/status`, { method: 'PUT' });

export function useChangeNotificationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNotificationStatus,
    onSuccess: async () => {
      // The readers' feed shows only active notifications: it changes too.
      await queryClient.invalidateQueries({ queryKey: ['admin-notifications'] });
      await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
