import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack } from '@mantine/core';
import { IconDeviceDesktopSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCheckDeviceStatus } from '../../api/check-device-status';
import { ApiError } from '../../api/client';
import { DeviceChoiceFields, useDeviceChoice } from '../../components/device-choice';
import { FormHeading } from '../../components/form-heading';
import { toastError } from '../../components/toast';
import { shownWhereItHappened } from '../../lib/feedback';
import { DeviceResultModal, type CheckResult } from './device-result-modal';

/**
 * Check Mac (core-panel.md §2, §5, §8): a module and a MAC address, checked here with the
 * contract's rules and messages before anything is sent; the answer opens a modal with the
 * device, or 'Device not found'.
 */
export function CheckMacPage() {
  const { t } = useTranslation();
  const device = useDeviceChoice();
  const [result, setResult] = useState<CheckResult>();
  const check = useCheckDeviceStatus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choice = device.validate();
    if (!choice) return;
    check.mutate(
      { macAddress: choice.macAddress, app_id: choice.application.id },
      {
        onSuccess: (answer) => setResult({ kind: 'found', answer }),
        // 'Device not found' in the result dialog, field messages under their inputs, otherwise this page's toast.
        onError: (error) => {
          shownWhereItHappened(error);
          if (error instanceof ApiError && error.status === 404) setResult({ kind: 'notFound', appId: choice.application.id, macAddress: choice.macAddress.trim() });
          else if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
            const fields = error.fieldErrors();
            device.setErrors({ module: fields.app_id, mac: fields.macAddress });
          } else toastError(t('checkMac.failed'));
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" maw={560}>
      <form onSubmit={submit} noValidate aria-labelledby="check-mac-title">
        <Stack>
          <FormHeading id="check-mac-title" icon={IconDeviceDesktopSearch} title={t('checkMac.heading')} intro={t('checkMac.intro')} />
          <DeviceChoiceFields choice={device} />
          <Group justify="flex-end">
            <Button type="submit" loading={check.isPending}>
              {t('checkMac.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DeviceResultModal result={result} onClose={() => setResult(undefined)} />
    </Card>
  );
}
