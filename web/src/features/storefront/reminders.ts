import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reminderPreviewEndpoint,
  reminderSettingsEndpoint,
  saveReminderSettingsEndpoint,
  sentRemindersEndpoint,
  type Locale,
  type ReminderSettings,
} from '@panel/contract';
import { call } from '../../api/client';
import { showSuccess } from '../../lib/feedback';

export const REMINDERS_KEY = ['storefront-reminders'];

/** `GET /api/storefront/reminders`: on or off, and the days before and after a device's expiry. */
export const useReminderSettings = () => useQuery({ queryKey: REMINDERS_KEY, queryFn: () => call(reminderSettingsEndpoint) });

/** `PUT /api/storefront/reminders`: the answer (the lists in time order) replaces the cached settings. */
export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSettings) => call(saveReminderSettingsEndpoint, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(REMINDERS_KEY, answer);
      showSuccess(answer.msg);
    },
  });
}

/** `GET /api/storefront/reminders/preview?language=`: the mail as a customer reading `language` gets it. */
export const useReminderPreview = (language: Locale) =>
  useQuery({
    queryKey: [...REMINDERS_KEY, 'preview', language],
    queryFn: () => call(reminderPreviewEndpoint, { query: { language } }),
    // The previous language stays on screen while the next one loads: no flash of an empty frame.
    placeholderData: keepPreviousData,
  });

/** `GET /api/storefront/reminders/sent`: the last 50, newest first. */
export const useSentReminders = () => useQuery({ queryKey: [...REMINDERS_KEY, 'sent'], queryFn: () => call(sentRemindersEndpoint) });
