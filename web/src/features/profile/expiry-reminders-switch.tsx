import { Card, Switch } from '@mantine/core';
import { EXPIRY_REMINDER_DAYS } from '@panel/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../lib/feedback';
import { useProfile } from '../../api/profile';
import { useUpdateExpiryReminders } from './update-expiry-reminders';

/** The daily mail of devices about to expire: on unless the reseller turns it off here. Shown once the profile has loaded. */
export function ExpiryRemindersSwitch() {
  const { t } = useTranslation();
  const profile = useProfile();
  const update = useUpdateExpiryReminders();
  if (!profile.data) return null;
  return (
    <Card withBorder padding="lg">
      <Switch
        label={t('profile.expiryReminders')}
        // The label wraps the description too: name the switch by its label alone, the description stays its description.
        aria-label={t('profile.expiryReminders')}
        description={t('profile.expiryRemindersDescription', { days: EXPIRY_REMINDER_DAYS })}
        checked={profile.data.data.expiry_reminders}
        disabled={update.isPending}
        onChange={(event) => update.mutate({ expiry_reminders: event.currentTarget.checked }, { onSuccess: (answer) => showSuccess(answer.msg) })}
      />
    </Card>
  );
}
