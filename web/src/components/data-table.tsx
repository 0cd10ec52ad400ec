import type { ReactNode } from 'react';
import { Alert, Checkbox, Group, Loader, Pagination, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@panel/contract';
import { formatNumber } from '../lib/format';
import { CardCell, cardOrder, stickyEnd, useCards, type CardColumn } from './card-table';

export type SortDirection = 'asc' | 'desc';
export type Sort = { key: string; direction: SortDirection };

/** `key` is also the sort key sent to the server when the column is sortable. */
export type Column<Row> = CardColumn<Row> & {
  sortable?: boolean;
  width?: number | string;
};

/**
 * Rows the reader can pick (a checkbox per row, and one for the whole page). The screen keeps what
 * is picked, so a choice may outlive the page it was made on.
 */
export type RowSelection<Row> = {
  isSelected: (row: Row) => boolean;
  /** Picks (`selected` true) or drops these rows: one row, or every row of the page. */
  onChange: (rows: Row[], selected: boolean) => void;
  /** The row's checkbox's accessible name ("Select 00:1a:…"). */
  rowLabel: (row: Row) => string;
};

type Props<Row> = {
  /** The table's accessible name. */
  label: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading?: boolean;
  /** Shown instead of the rows when the list could not be loaded. */
  error?: ReactNode;
  emptyText?: string;
  page: number;
  pageSize: number;
  /** Either the last page or the total row count (then the range "1–10 of 42" is shown too). */
  lastPage?: number;
  total?: number;
  /** The server stopped counting: `total` is a lower bound ("of more than 1,000"). */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
  sort?: Sort;
  onSortChange?: (sort: Sort) => void;
  /** Adds a first column of checkboxes. */
  selection?: RowSelection<Row>;
};

/**
 * The panel's paged list: columns, rows, a page-size choice (10/20/30) and page buttons. Paging,
 * searching and sorting happen on the server; this only shows one page and asks for another.
 */
export function DataTable<Row>({
  label,
  columns: allColumns,
  rows,
  rowKey,
  loading,
  error,
  emptyText,
  page,
  pageSize,
  lastPage,
  total,
  totalCapped,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  sort,
  onSortChange,
  selection,
}: Props<Row>) {
  const { t } = useTranslation();
  const cards = useCards();
  const columns = cardOrder(allColumns, cards);
  const pages = Math.max(1, lastPage ?? (total !== undefined ? Math.ceil(total / pageSize) : page));
  const list = rows ?? [];
  const columnCount = columns.length + (selection ? 1 : 0);
  const pickedOnPage = selection ? list.filter((row) => selection.isSelected(row)).length : 0;

  const header = (column: Column<Row>) => {
    if (!column.sortable || !onSortChange) return column.header;
    const active = sort?.key === column.key;
    const next: SortDirection = active && sort?.direction === 'asc' ? 'desc' : 'asc';
    const Icon = !active ? IconArrowsSort : sort?.direction === 'asc' ? IconSortAscending : IconSortDescending;
    return (
      <UnstyledButton onClick={() => onSortChange({ key: column.key, direction: next })} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {column.header}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    );
  };

  const ariaSort = (column: Column<Row>) => {
    if (!column.sortable || sort?.key !== column.key) return undefined;
    return sort.direction === 'asc' ? ('ascending' as const) : ('descending' as const);
  };

  let body: ReactNode;
  // A row-wide message stays in view on a phone, where the table scrolls sideways in its box.
  const inView = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columnCount}>
        <div style={{ position: 'sticky', insetInlineStart: 0, maxWidth: 'calc(100vw - 4 * var(--mantine-spacing-md))' }}>{content}</div>
      </Table.Td>
    </Table.Tr>
  );
  if (error) {
    body = inView(
      <Alert color="red" variant="light" role="alert">
        {error}
      </Alert>,
    );
  } else if (loading && list.length === 0) {
    body = inView(
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('table.loading')} />
      </Group>,
    );
  } else if (list.length === 0) {
    body = inView(
      <Text ta="center" c="dimmed" p="md">
        {emptyText ?? t('table.noRecords')}
      </Text>,
    );
  } else {
    body = list.map((row) => (
      <Table.Tr key={rowKey(row)} data-selected={selection?.isSelected(row) || undefined}>
        {selection && (
          <Table.Td w={40}>
            <Checkbox
              aria-label={selection.rowLabel(row)}
              checked={selection.isSelected(row)}
              onChange={(event) => selection.onChange([row], event.currentTarget.checked)}
            />
          </Table.Td>
        )}
        {columns.map((column) => (
          <CardCell key={column.key} column={column} row={row} cards={cards} />
        ))}
      </Table.Tr>
    ));
  }

  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = total ? Math.min(total, (page - 1) * pageSize + list.length) : 0;

  return (
    <div className="card-table" data-cards={cards || undefined}>
      <Table.ScrollContainer minWidth={cards ? 0 : 600}>
        <Table striped={!cards} highlightOnHover verticalSpacing="sm" aria-label={label} aria-busy={loading || undefined}>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={40} data-control>
                  <Checkbox
                    aria-label={t('table.selectPage')}
                    disabled={list.length === 0}
                    checked={list.length > 0 && pickedOnPage === list.length}
                    indeterminate={pickedOnPage > 0 && pickedOnPage < list.length}
                    onChange={() => selection.onChange(list, pickedOnPage < list.length)}
                  />
                </Table.Th>
              )}
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  w={cards ? undefined : column.width}
                  ta={cards ? undefined : column.align}
                  aria-sort={ariaSort(column)}
                  className={stickyEnd(column, cards)}
                  data-control={(column.sortable && onSortChange) || column.card === 'control' ? '' : undefined}
                >
                  {header(column)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" mt="sm" gap="sm">
        <Group gap="xs">
          {onPageSizeChange && (
            <Select
              aria-label={t('table.rowsPerPage')}
              size="xs"
              w={80}
              allowDeselect={false}
              value={String(pageSize)}
              data={pageSizes.map((size) => String(size))}
              onChange={(value) => value && onPageSizeChange(Number(value))}
            />
          )}
          {total !== undefined && total > 0 && (
            <Text size="sm" c="dimmed">
              {t(totalCapped ? 'table.rangeCapped' : 'table.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
            </Text>
          )}
        </Group>
        <nav aria-label={t('table.pagination')}>
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            getItemProps={(n) => ({ 'aria-label': t('table.page', { page: n }) })}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}Page`) })}
          />
        </nav>
      </Group>
    </div>
  );
}
