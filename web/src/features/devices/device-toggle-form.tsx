import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIFETIME_EXPIRY, type DeviceToggleAnswer } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { CardTable } from '../../components/card-table';
import { DeviceChoiceFields, useDeviceChoice } from '../../components/device-choice';
import { DeviceStatusBadge } from '../../components/device-details';
import { formatRecordDay } from '../../lib/format';
import { useToggleDevice, type ToggleMode } from './toggle-device';

/** These two screens word their messages their own way (business-panel.md §5). */
const toggleMessages = { moduleRequired: 'validation.moduleRequiredFirst', macInvalid: 'validation.macInvalidToggle' };

/** The expiry as a date; a lifetime device never expires. */
/**
 * Disable MAC and Enable MAC (business-panel.md §2, §5): a module, a MAC address and submit. The
 * module is asked for first ('Please select a module first'), then a well-formed MAC. The server's
 * refusal ('Device is already disabled!') is shown as it comes; a success shows the device's new
 * expiry and status.
 */
export function DeviceToggleForm({ mode }: { mode: ToggleMode }) {
  const { t } = useTranslation();
  const toggle = useToggleDevice();
  const device = useDeviceChoice(toggleMessages);
  const [failure, setFailure] = useState<string>();
  const [result, setResult] = useState<DeviceToggleAnswer['data']>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setResult(undefined);
    const choice = device.validate();
    if (!choice) return;
    toggle.mutate(
      { mode, macAddress: choice.macAddress, appId: choice.application.id, moduleName: choice.application.app_name },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t(mode === 'disable' ? 'deviceToggle.disabled' : 'deviceToggle.enabled'));
          setResult(answer.data);
        },
        // Field messages under their inputs, the server's sentence ('Device is already disabled!') next to the form.
        onError: (error) => {
          shownWhereItHappened(error);
          const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
          const module = fields.app_id ?? fields.module;
          if (fields.mac_address || module) {
            device.setErrors({ mac: fields.mac_address, module });
            return;
          }
          setFailure(
            error instanceof ApiError && error.message
              ? error.message
              : t(mode === 'disable' ? 'deviceToggle.errors.disableFailed' : 'deviceToggle.errors.enableFailed'),
          );
        },
      },
    );
  };

  return (
    <Stack maw={640}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t(mode === 'disable' ? 'deviceToggle.disableIntro' : 'deviceToggle.enableIntro')}
            </Text>
            <DeviceChoiceFields choice={device} />
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" color={mode === 'disable' ? 'red' : 'green'} loading={toggle.isPending}>
                {t(mode === 'disable' ? 'deviceToggle.disableSubmit' : 'deviceToggle.enableSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {result && result.length > 0 && (
        <Card withBorder padding="lg" role="region" aria-label={t('deviceToggle.result')}>
          <Text fw={600} mb="sm">
            {t('deviceToggle.result')}
          </Text>
          <CardTable
            label={t('deviceToggle.result')}
            columns={[
              { key: 'module', header: t('devices.module'), render: (device) => device.module },
              { key: 'mac', header: t('devices.macAddress'), fit: 'nowrap', render: (device) => <span dir="ltr">{device.mac_address}</span> },
              {
                key: 'expiry',
                header: t('deviceToggle.expiry'),
                card: 'lead',
                render: (device) => (device.expire_date.startsWith(LIFETIME_EXPIRY.slice(0, 4)) ? t('deviceToggle.lifetime') : formatRecordDay(device.expire_date)),
              },
              {
                key: 'status',
                header: t('deviceToggle.status'),
                card: 'lead',
                render: (device) => (
                  <DeviceStatusBadge active={device.status === 'active'}>
                    {t(device.status === 'active' ? 'deviceToggle.statuses.active' : 'deviceToggle.statuses.expired')}
                  </DeviceStatusBadge>
                ),
              },
            ]}
            rows={result}
            rowKey={(device) => `${device.module}-${device.mac_address}`}
            minWidth={420}
          />
        </Card>
      )}
    </Stack>
  );
}
