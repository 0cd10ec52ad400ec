import { useState } from 'react';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EXPIRING_WITHIN_DAYS_DEFAULT, EXPIRING_WITHIN_DAYS_TABS, type ExpiringDevice } from '@panel/contract';
import { AppName } from '../../components/app-name';
import { DataTable, type Column } from '../../components/data-table';
import { useListParams } from '../../components/use-list-params';
import { formatRecordDay, formatDaysFromNow } from '../../lib/format';
import { session } from '../../lib/session';
import { useExpiringDevices } from './get-expiring-devices';
import { RenewSelected } from './renew-selected';

/** The devices ending within one horizon, a page at a time, with the rows picked for renewal. */
function ExpiringDevicesList({ days }: { days: number }) {
  const { t } = useTranslation();
  const list = useListParams();
  // Renewing is a bulk activation ('multi apps activation'): without it the list is only read.
  const canRenew = session.has('multi apps activation');
  const devices = useExpiringDevices({ within_days: days, page_number: list.page, page_size: list.pageSize });
  // Picked rows are kept with their data, so a choice made on one page is renewed from another.
  const [picked, setPicked] = useState<ReadonlyMap<number, ExpiringDevice>>(new Map());

  const pick = (rows: ExpiringDevice[], selected: boolean) =>
    setPicked((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (selected) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });

  const columns: Column<ExpiringDevice>[] = [
    {
      key: 'mac_address',
      header: t('renewals.columns.macAddress'),
      render: (row) => (
        <Text size="sm" dir="ltr" ff="monospace">
          {row.mac_address}
        </Text>
      ),
    },
    { key: 'app', header: t('renewals.columns.app'), render: (row) => <AppName id={row.app_id} name={row.app} /> },
    {
      key: 'expire_date',
      header: t('renewals.columns.expiry'),
      card: 'lead',
      render: (row) => (
        <div>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatDaysFromNow(row.expire_date)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatRecordDay(row.expire_date)}
          </Text>
        </div>
      ),
    },
    { key: 'reseller_email', header: t('renewals.columns.reseller'), render: (row) => row.reseller_email },
    { key: 'remark', header: t('renewals.columns.remark'), width: 220, render: (row) => <Text size="sm">{row.remark ?? ''}</Text> },
  ];

  const page = devices.data?.data;
  return (
    <Stack gap="sm">
      {canRenew && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" aria-live="polite">
              {t('renewals.selected', { count: picked.size })}
            </Text>
            {picked.size > 0 && (
              <Button variant="subtle" size="compact-sm" onClick={() => setPicked(new Map())}>
                {t('renewals.clearSelection')}
              </Button>
            )}
          </Group>
          <RenewSelected devices={[...picked.values()]} onRenewed={() => setPicked(new Map())} />
        </Group>
      )}
      <DataTable<ExpiringDevice>
        label={t('renewals.tableLabel', { count: days })}
        columns={columns}
        rows={page?.data}
        rowKey={(row) => row.id}
        loading={devices.isFetching}
        error={devices.isError ? t('renewals.loadFailed') : undefined}
        emptyText={t('renewals.empty', { count: days })}
        lastPage={page?.last_page}
        total={page?.total}
        totalCapped={page?.total_capped}
        selection={
          canRenew
            ? { isSelected: (row) => picked.has(row.id), onChange: pick, rowLabel: (row) => t('renewals.selectRow', { mac: row.mac_address, app: row.app }) }
            : undefined
        }
        {...list.tableProps}
      />
    </Stack>
  );
}

/**
 * Renewals due (issue 13): the activated devices in reach whose paid time ends within 7, 30, 90
 * or 365 days, soonest first; picked rows are renewed for a year through the bulk activation.
 */
export function RenewalsDuePage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(EXPIRING_WITHIN_DAYS_DEFAULT);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('renewals.intro')}
      </Text>
      <Tabs value={String(days)} onChange={(value) => value && setDays(Number(value))}>
        {/* One row of tabs on a phone too: narrower tabs, and a row that scrolls rather than wraps. */}
        <Tabs.List aria-label={t('renewals.tabsLabel')} style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {EXPIRING_WITHIN_DAYS_TABS.map((d) => (
            <Tabs.Tab key={d} value={String(d)} px={{ base: 'xs', sm: 'md' }} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('renewals.tab', { count: d })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* Only the open tab's panel is rendered: another horizon starts on its first page with nothing picked. */}
        {EXPIRING_WITHIN_DAYS_TABS.map((d) => (
          <Tabs.Panel key={d} value={String(d)} pt="md">
            {d === days && <ExpiringDevicesList days={d} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
