import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateExpiryRemindersEndpoint, type ExpiryRemindersBody, type ProfileAnswer } from '@panel/contract';
import { call } from '../../api/client';

/** Turns the daily expiry reminder mail on or off (PUT /api/profile/expiry-reminders). */
export const updateExpiryReminders = (body: ExpiryRemindersBody) =>
  call(updateExpiryRemindersEndpoint, { body });

/** Shows the new state at once and puts the old one back when the call fails. */
export function useUpdateExpiryReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpiryReminders,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: ['profile'] });
      const before = queryClient.getQueryData<ProfileAnswer>(['profile']);
      queryClient.setQueryData<ProfileAnswer>(['profile'], (old) => old && { ...old, data: { ...old.data, expiry_reminders: body.expiry_reminders } });
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(['profile'], context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
