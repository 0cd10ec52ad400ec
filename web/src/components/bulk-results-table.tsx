import { useState } from 'react';
import { Group, Pagination, ScrollArea, SegmentedControl, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkRowResult } from '@panel/contract';
import { StatusBadge } from './status-badge';
import { formatDate, formatNumber } from '../lib/format';

/** Rows shown at once: a file holds up to 5,000, a page of them stays quick on a phone. */
const PAGE_SIZE = 50;

/**
 * The rows of a bulk activation (dry run or real run) with their result, a page at a time; errors
 * can be shown alone. The result comes right after the MAC, so a phone shows it without scrolling.
 * Devices chosen from a list (`selection`) were never rows of a file: they go without row numbers.
 */
export function BulkResultsTable({ rows, source = 'file' }: { rows: readonly BulkRowResult[]; source?: 'file' | 'selection' }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | 'error'>('all');
  const [page, setPage] = useState(1);
  const shown = filter === 'all' ? rows : rows.filter((r) => r.status === 'error');
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const showExpiry = rows.some((r) => r.expire_date !== null);
  const expiryText = (r: BulkRowResult) => (r.expire_date === null ? '' : r.package === 'lifetime' ? t('activatedApps.lifetime') : formatDate(r.expire_date));

  return (
    <>
      <SegmentedControl
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        data={[
          { value: 'all', label: t('bulkActivation.filterAll', { total: formatNumber(rows.length) }) },
          { value: 'error', label: t('bulkActivation.filterErrors') },
        ]}
      />
      <ScrollArea type="auto">
        <Table striped verticalSpacing="xs" aria-label={t(source === 'file' ? 'bulkActivation.tableLabel' : 'bulkActivation.selectionLabel')}>
          <Table.Thead>
            <Table.Tr>
              {source === 'file' && <Table.Th>{t('bulkActivation.columns.row')}</Table.Th>}
              <Table.Th>{t('bulkActivation.columns.mac')}</Table.Th>
              <Table.Th>{t('bulkActivation.columns.status')}</Table.Th>
              <Table.Th>{t('bulkActivation.columns.message')}</Table.Th>
              <Table.Th>{t('bulkActivation.columns.apps')}</Table.Th>
              <Table.Th>{t('bulkActivation.columns.package')}</Table.Th>
              <Table.Th>{t('bulkActivation.columns.cost')}</Table.Th>
              {showExpiry && <Table.Th>{t('bulkActivation.columns.expiry')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE).map((r) => (
              <Table.Tr key={r.row}>
                {source === 'file' && <Table.Td>{formatNumber(r.row)}</Table.Td>}
                <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {r.mac_address}
                </Table.Td>
                <Table.Td>
                  <StatusBadge color={r.status === 'ok' ? 'green' : 'red'}>{t(`bulkActivation.status.${r.status}`)}</StatusBadge>
                </Table.Td>
                <Table.Td style={{ minWidth: 180 }}>{r.message}</Table.Td>
                <Table.Td>
                  <bdi>{r.apps.join(', ')}</bdi>
                </Table.Td>
                {/* A file's own value ("1-yr") keeps its order in a right-to-left table. */}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{Object.hasOwn(PACKAGE_KEYS, r.package) ? t(PACKAGE_KEYS[r.package]!) : <bdi>{r.package}</bdi>}</Table.Td>
                <Table.Td>{formatNumber(r.cost)}</Table.Td>
                {showExpiry && <Table.Td style={{ whiteSpace: 'nowrap' }}>{expiryText(r)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {shown.length === 0 && <Text c="dimmed">{t('bulkActivation.noErrors')}</Text>}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={current} onChange={setPage} size="sm" />
        </Group>
      )}
    </>
  );
}

const PACKAGE_KEYS: Record<string, string> = { '1-year': 'bulkActivation.packages.oneYear', lifetime: 'bulkActivation.packages.lifetime' };
