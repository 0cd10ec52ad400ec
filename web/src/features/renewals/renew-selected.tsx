import { useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BulkActivationResult, ExpiringDevice } from '@panel/contract';
import { ApiError } from '../../api/client';
import { shownWhereItHappened } from '../../lib/feedback';
import { formatNumber } from '../../lib/format';
import { PHONE_QUERY } from '../../lib/phone';
import { BulkResultsTable } from '../../components/bulk-results-table';
import { MoneySummary } from '../../components/money-summary';
import { bulkCsv, useRunBulkActivation, type BulkCsvRow } from '../../api/bulk-activations';

/**
 * One row of the bulk activation file per device: its MAC in its application, a year. The remark
 * travels with it, so the device keeps its remark after the renewal (the list shows the remark of
 * the latest activation).
 */
export const renewalRow = (device: ExpiringDevice): BulkCsvRow => ({
  mac_address: device.mac_address,
  apps: [device.app],
  package: '1-year',
  ...(device.remark ? { comment: device.remark } : {}),
});

const problem = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (Object.values(error.errors)[0]?.[0] ?? error.message) : fallback;

function Figures({ items }: { items: { label: string; value: number }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} spacing="sm">
      {items.map((item) => (
        <div key={item.label}>
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700}>{formatNumber(item.value)}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/**
 * "Renew selected for 1 year": the selected devices go through the bulk activation, its dry run
 * first (what each would cost and whether it can be renewed, with today's balance), then, once
 * confirmed, the real run with one request id per confirmation, so that a second press after a
 * lost answer charges nothing again.
 */
export function RenewSelected({ devices, onRenewed }: { devices: readonly ExpiringDevice[]; onRenewed: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const check = useRunBulkActivation();
  const renew = useRunBulkActivation();
  const [opened, setOpened] = useState(false);
  // The file the dry run checked is the file the real run sends, whatever is selected meanwhile.
  const file = useRef<Blob | null>(null);
  const requestId = useRef('');

  const start = () => {
    file.current = bulkCsv(devices.map(renewalRow));
    requestId.current = crypto.randomUUID();
    check.reset();
    renew.reset();
    setOpened(true);
    // The dialog shows a refusal of the check or of the renewal in its alert.
    check.mutate({ file: file.current, fileName: 'renewals.csv', dryRun: true }, { onError: shownWhereItHappened });
  };

  const confirm = () => {
    if (!file.current) return;
    renew.mutate({ file: file.current, fileName: 'renewals.csv', dryRun: false, requestId: requestId.current }, { onError: shownWhereItHappened });
  };

  const close = () => {
    setOpened(false);
    if (renew.data) onRenewed();
  };

  const dry: BulkActivationResult | undefined = check.data?.data;
  const done: BulkActivationResult | undefined = renew.data?.data;

  let body;
  if (done) {
    body = (
      <>
        <Figures
          items={[
            { label: t('renewals.result.renewed'), value: done.activated },
            { label: t('renewals.result.failed'), value: done.failed },
            { label: t('renewals.result.charged'), value: done.total_cost },
            { label: t('renewals.result.balance'), value: done.credit_point },
          ]}
        />
        <BulkResultsTable rows={done.rows} source="selection" />
        <Group justify="flex-end">
          <Button onClick={close}>{t('renewals.close')}</Button>
        </Group>
      </>
    );
  } else if (check.isPending || check.isIdle) {
    body = (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" />
        <Text>{t('renewals.checking')}</Text>
      </Group>
    );
  } else if (check.isError || !dry) {
    body = (
      <>
        <Alert color="red" variant="light" role="alert">
          {problem(check.error, t('renewals.failed'))}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('renewals.close')}
          </Button>
        </Group>
      </>
    );
  } else {
    body = (
      <>
        <Text size="sm">{t('renewals.check.intro')}</Text>
        <Figures
          items={[
            { label: t('renewals.check.renewable'), value: dry.activated },
            { label: t('renewals.check.notRenewable'), value: dry.failed },
          ]}
        />
        {dry.activated > 0 && (
          <MoneySummary move="renewal" recipient={t('money.devices', { count: dry.activated })} points={dry.total_cost} />
        )}
        {dry.activated === 0 && (
          <Alert color="yellow" variant="light">
            {t('renewals.check.nothing')}
          </Alert>
        )}
        <BulkResultsTable rows={dry.rows} source="selection" />
        {renew.isError && (
          <Alert color="red" variant="light" role="alert">
            {problem(renew.error, t('renewals.failed'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={renew.isPending}>
            {t('renewals.cancel')}
          </Button>
          <Button onClick={confirm} loading={renew.isPending} disabled={dry.activated === 0}>
            {t('renewals.check.confirm', { count: dry.activated })}
          </Button>
        </Group>
      </>
    );
  }

  return (
    <>
      <Button leftSection={<IconRefresh size={16} aria-hidden />} disabled={devices.length === 0} onClick={start}>
        {t('renewals.renewSelected')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={done ? t('renewals.result.title') : t('renewals.check.title')}
        size="xl"
        fullScreen={phone}
        // A real run in flight is not closed by a stray click: its result must be seen.
        closeOnClickOutside={!renew.isPending}
        closeOnEscape={!renew.isPending}
        withCloseButton={!renew.isPending}
      >
        <Stack gap="md">{body}</Stack>
      </Modal>
    </>
  );
}
