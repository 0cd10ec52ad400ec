import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeNotificationStatusEndpoint } from '@panel/contract';
import { call } from '../../api/client';

/** PUT /api/change-notifications/{id}/status: 1 (Active) becomes 0 (Not Active) and back. */
export const changeNotificationStatus = (id: number) => call(changeNotificationStatusEndpoint, { params: { id } });

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
