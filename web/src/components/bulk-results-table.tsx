import { useState } from 'react';
import { Group, Pagination, SegmentedControl, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BulkRowResult } from '@panel/contract';
import { CardTable, type CardColumn } from './card-table';
import { StatusBadge } from './status-badge';
import { formatRecordDay, formatNumber } from '../lib/format';
import { session } from '../lib/session';
import { undoOpen } from '../features/activation/undo-activation';
import { UndoActivationAction } from '../features/activation/undo-activation-action';

/** Rows shown at once: a file holds up to 5,000, a page of them stays quick on a phone. */
const PAGE_SIZE = 50;

/**
 * The rows of a bulk activation (dry run or real run) with their result, a page at a time; errors
 * can be shown alone. The result comes right after the MAC, and heads a phone's card.
 * Devices chosen from a list (`selection`) were never rows of a file: they go without row numbers.
 */
export function BulkResultsTable({ rows, source = 'file' }: { rows: readonly BulkRowResult[]; source?: 'file' | 'selection' }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | 'error'>('all');
  const [page, setPage] = useState(1);
  const [undone, setUndone] = useState<ReadonlySet<number>>(new Set());
  const shown = filter === 'all' ? rows : rows.filter((r) => r.status === 'error');
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const showExpiry = rows.some((r) => r.expire_date !== null);
  const expiryText = (r: BulkRowResult) => (r.expire_date === null ? '' : r.package === 'lifetime' ? t('activatedApps.lifetime') : formatRecordDay(r.expire_date));
  const allColumns: CardColumn<BulkRowResult>[] = [
    { key: 'row', header: t('bulkActivation.columns.row'), render: (r) => formatNumber(r.row) },
    { key: 'mac', header: t('bulkActivation.columns.mac'), fit: 'nowrap', render: (r) => <span dir="ltr">{r.mac_address}</span> },
    {
      key: 'status',
      header: t('bulkActivation.columns.status'),
      card: 'lead',
      render: (r) => <StatusBadge color={r.status === 'ok' ? 'green' : 'red'}>{t(`bulkActivation.status.${r.status}`)}</StatusBadge>,
    },
    { key: 'message', header: t('bulkActivation.columns.message'), render: (r) => r.message },
    { key: 'apps', header: t('bulkActivation.columns.apps'), render: (r) => <bdi>{r.apps.join(', ')}</bdi> },
    {
      key: 'package',
      header: t('bulkActivation.columns.package'),
      fit: 'nowrap',
      // A file's own value ("1-yr") keeps its order in a right-to-left table.
      render: (r) => (Object.hasOwn(PACKAGE_KEYS, r.package) ? t(PACKAGE_KEYS[r.package]!) : <bdi>{r.package}</bdi>),
    },
    { key: 'cost', header: t('bulkActivation.columns.cost'), render: (r) => formatNumber(r.cost) },
    { key: 'expiry', header: t('bulkActivation.columns.expiry'), fit: 'nowrap', render: expiryText },
    {
      key: 'undo',
      header: t('activatedApps.columns.actions'),
      align: 'right',
      // Undo (issue 27) per activated row of a real run, while its window is open.
      render: (r) =>
        undone.has(r.row) ? (
          <StatusBadge color="gray">{t('activatedApps.refunded')}</StatusBadge>
        ) : r.activation_ids && r.activation_ids.length > 0 && undoOpen(r.undo_until) ? (
          <UndoActivationAction
            ids={r.activation_ids}
            apps={r.apps.join(', ')}
            mac={r.mac_address}
            cost={r.cost}
            onUndone={() => setUndone((rows) => new Set(rows).add(r.row))}
          />
        ) : null,
    },
  ];
  const showUndo = session.has('multi apps activation') && rows.some((r) => r.activation_ids && r.activation_ids.length > 0);
  const columns = allColumns.filter((column) =>
    column.key === 'row' ? source === 'file' : column.key === 'undo' ? showUndo : column.key !== 'expiry' || showExpiry,
  );

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
      <CardTable
        label={t(source === 'file' ? 'bulkActivation.tableLabel' : 'bulkActivation.selectionLabel')}
        columns={columns}
        rows={shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        rowKey={(r) => r.row}
        minWidth={720}
        striped
      />
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
