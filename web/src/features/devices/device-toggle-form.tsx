import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIFETIME_EXPIRY, type DeviceToggleAnswer } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../app/query-client';
import { DeviceChoiceFields, useDeviceChoice } from '../../components/device-choice';
import { DeviceStatusBadge } from '../../components/device-details';
import { formatDate } from '../../lib/format';
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
        onError: (error) => {
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
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('devices.module')}</Table.Th>
                  <Table.Th>{t('devices.macAddress')}</Table.Th>
                  <Table.Th>{t('deviceToggle.expiry')}</Table.Th>
                  <Table.Th>{t('deviceToggle.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.map((device) => (
                  <Table.Tr key={`${device.module}-${device.mac_address}`}>
                    <Table.Td>{device.module}</Table.Td>
                    <Table.Td dir="ltr">{device.mac_address}</Table.Td>
                    <Table.Td>{device.expire_date.startsWith(LIFETIME_EXPIRY.slice(0, 4)) ? t('deviceToggle.lifetime') : formatDate(device.expire_date)}</Table.Td>
                    <Table.Td>
                      <DeviceStatusBadge active={device.status === 'active'}>
                        {t(device.status === 'active' ? 'deviceToggle.statuses.active' : 'deviceToggle.statuses.expired')}
                      </DeviceStatusBadge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
