import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhone } from '../test-utils';
import { DataTable, type Column } from './data-table';

type Row = { id: number; name: string; status?: string };
const columns: Column<Row>[] = [
  { key: 'id', header: 'Id', render: (r) => r.id },
  { key: 'name', header: 'Name', render: (r) => r.name, sortable: true },
];

function setup(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const handlers = { onPageChange: vi.fn(), onPageSizeChange: vi.fn(), onSortChange: vi.fn() };
  render(
    <MantineProvider>
      <DataTable<Row>
        label="People"
        columns={columns}
        rows={[
          { id: 1, name: 'Ada' },
          { id: 2, name: 'Grace' },
        ]}
        rowKey={(r) => r.id}
        page={1}
        pageSize={10}
        total={25}
        {...handlers}
        {...props}
      />
    </MantineProvider>,
  );
  return handlers;
}

describe('DataTable', () => {
  it('shows the rows, the range and one page button per page', () => {
    setup();
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('1–2 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
  });

  it('says the total is a lower bound when the server stopped counting', () => {
    setup({ total: 1000, totalCapped: true });
    expect(screen.getByText('1–2 of more than 1,000')).toBeInTheDocument();
  });

  it('asks for another page and another sort', async () => {
    const user = userEvent.setup();
    const handlers = setup({ sort: { key: 'name', direction: 'asc' } });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(handlers.onPageChange).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(handlers.onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(handlers.onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'desc' });
  });

  it('picks rows one at a time or the whole page, and marks a partly picked page', async () => {
    const user = userEvent.setup();
    const picked = new Set<number>([2]);
    const onChange = vi.fn();
    setup({ selection: { isSelected: (r) => picked.has(r.id), onChange, rowLabel: (r) => `Select ${r.name}` } });
    expect(screen.getByRole('checkbox', { name: 'Select Grace' })).toBeChecked();
    const page = screen.getByRole('checkbox', { name: 'Select every row of this page' });
    expect(page).not.toBeChecked();
    expect(page).toHaveAttribute('data-indeterminate', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    expect(onChange).toHaveBeenLastCalledWith([{ id: 1, name: 'Ada' }], true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace' }));
    expect(onChange).toHaveBeenLastCalledWith([{ id: 2, name: 'Grace' }], false);
    // A partly picked page is completed; a fully picked one is emptied.
    await user.click(page);
    expect(onChange).toHaveBeenLastCalledWith([{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }], true);
  });

  it('drops every row of a fully picked page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    setup({ selection: { isSelected: () => true, onChange, rowLabel: (r) => `Select ${r.name}` } });
    const page = screen.getByRole('checkbox', { name: 'Select every row of this page' });
    expect(page).toBeChecked();
    await user.click(page);
    expect(onChange).toHaveBeenLastCalledWith([{ id: 1, name: 'Ada' }, { id: 2, name: 'Grace' }], false);
  });

  it('offers no page checkbox to click when the page is empty, and spans its message over the checkbox column', () => {
    setup({ rows: [], total: 0, selection: { isSelected: () => false, onChange: vi.fn(), rowLabel: () => '' } });
    expect(screen.getByRole('checkbox', { name: 'Select every row of this page' })).toBeDisabled();
    expect(screen.getByText('No records found').closest('td')).toHaveAttribute('colspan', '3');
  });

  it('says so when there is nothing to show', () => {
    setup({ rows: [], total: 0 });
    expect(screen.getByText('No records found')).toBeInTheDocument();
  });

  it('sticks the Actions column to the row\'s end on a wide screen, header and cells, so a wide list keeps it in sight', () => {
    const actions: Column<Row> = { key: 'actions', header: 'Actions', render: (r) => <button type="button">Edit {r.name}</button> };
    setup({ columns: [...columns, actions] });
    const table = screen.getByRole('table', { name: 'People' });
    const sticky = [...table.querySelectorAll('.card-table-sticky-end')].map((cell) => cell.textContent);
    expect(sticky).toEqual(['Actions', 'Edit Ada', 'Edit Grace']);
  });

  it('tints a picked row, its sticky cells included, through data-selected', () => {
    setup({ selection: { isSelected: (r) => r.id === 2, onChange: vi.fn(), rowLabel: (r) => `Select ${r.name}` } });
    const [, ada, grace] = within(screen.getByRole('table', { name: 'People' })).getAllByRole('row');
    expect(ada).not.toHaveAttribute('data-selected');
    expect(grace).toHaveAttribute('data-selected');
  });

  describe('on a phone', () => {
    afterEach(() => vi.restoreAllMocks());
    const phoneColumns: Column<Row>[] = [
      { key: 'id', header: 'Order', card: 'id', render: (r) => `order-${r.id}` },
      { key: 'name', header: 'Name', sortable: true, render: (r) => r.name },
      { key: 'status', header: 'Status', card: 'lead', render: (r) => r.status },
    ];
    const rows = [
      { id: 1, name: 'Ada', status: 'Completed' },
      { id: 2, name: 'Grace', status: 'Pending' },
    ];

    it('shows each row as a card of labelled values, the lead value first and the id last', () => {
      onPhone();
      setup({ columns: phoneColumns, rows });
      const table = screen.getByRole('table', { name: 'People' });
      expect(table.closest('[data-cards]')).not.toBeNull();
      const [, first] = within(table).getAllByRole('row');
      const lines = within(first!).getAllByRole('cell').map((cell) => cell.textContent);
      expect(lines).toEqual(['StatusCompleted', 'NameAda', 'Orderorder-1']);
      // The visible labels are for the eye: a screen reader names each value by its header cell.
      expect(within(first!).getByText('Status')).toHaveAttribute('aria-hidden', 'true');
      expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Status', 'Name', 'Order']);
    });

    it('heads a card with a control column, unlabelled, its header control left in sight', () => {
      onPhone();
      const control: Column<Row> = { key: 'pick', card: 'control', header: <input type="checkbox" aria-label="Pick the page" />, render: (r) => <input type="checkbox" aria-label={`Pick ${r.name}`} /> };
      setup({ columns: [...phoneColumns, control], rows });
      expect(screen.getAllByRole('checkbox', { name: 'Pick the page' })).toHaveLength(1);
      expect(screen.getByRole('columnheader', { name: 'Pick the page' })).toHaveAttribute('data-control');
      const [, first] = within(screen.getByRole('table', { name: 'People' })).getAllByRole('row');
      expect(within(first!).getAllByRole('cell')[0]).toHaveTextContent(/^$/);
      expect(within(within(first!).getAllByRole('cell')[0]!).getByRole('checkbox')).toHaveAccessibleName('Pick Ada');
    });

    it('keeps sorting, picking and paging on the cards', async () => {
      onPhone();
      const user = userEvent.setup();
      const onChange = vi.fn();
      const handlers = setup({
        columns: phoneColumns,
        rows,
        sort: { key: 'name', direction: 'asc' },
        selection: { isSelected: () => false, onChange, rowLabel: (r) => `Select ${r.name}` },
      });
      await user.click(screen.getByRole('button', { name: 'Name' }));
      expect(handlers.onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'desc' });
      await user.click(screen.getByRole('checkbox', { name: 'Select Grace' }));
      expect(onChange).toHaveBeenLastCalledWith([rows[1]], true);
      await user.click(screen.getByRole('checkbox', { name: 'Select every row of this page' }));
      expect(onChange).toHaveBeenLastCalledWith(rows, true);
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      expect(handlers.onPageChange).toHaveBeenCalledWith(2);
    });

    it('leaves the Actions line of a card where it is', () => {
      onPhone();
      setup({ columns: [...phoneColumns, { key: 'actions', header: 'Actions', render: () => 'Edit' }], rows });
      expect(screen.getByRole('table', { name: 'People' }).querySelector('.card-table-sticky-end')).toBeNull();
    });

    it('says so on a phone when there is nothing to show, or when the list failed', () => {
      onPhone();
      setup({ columns: phoneColumns, rows: [], total: 0 });
      expect(screen.getByText('No records found')).toBeInTheDocument();
      cleanup();
      setup({ columns: phoneColumns, rows: undefined, error: 'The list could not be loaded' });
      expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded');
    });
  });
});
