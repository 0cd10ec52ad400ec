import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DeviceToggleForm } from './device-toggle-form';

/** /disable-mac (permission 'Disable Mac', else /401): the device's expiry becomes yesterday. */
export function DisableMacPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h3">
        {t('deviceToggle.disableTitle')}
      </Title>
      <DeviceToggleForm mode="disable" />
    </Stack>
  );
}

/** /enable-mac (the same permission, as the specification's table says): the device is active again. */
export function EnableMacPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h3">
        {t('deviceToggle.enableTitle')}
      </Title>
      <DeviceToggleForm mode="enable" />
    </Stack>
  );
}
