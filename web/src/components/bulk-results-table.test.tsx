import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkRowResult } from '@panel/contract';
import { onPhone, renderWithProviders } from '../test-utils';
import { BulkResultsTable } from './bulk-results-table';

const rows: BulkRowResult[] = [
  { row: 2, mac_address: '00:1A:79:00:00:01', apps: ['IBOPLAYER'], package: '1-year', status: 'ok', message: 'Can be activated for 1 credit point', cost: 1, expire_date: null },
  {
    row: 3,
    mac_address: '00:1A:79:00:00:02',
    apps: ['IBOPLAYER', 'BOBPLAYER'],
    package: '2-years',
    status: 'error',
    message: 'Device not found in the selected application: ask the customer to open the app once, then try again',
    cost: 0,
    expire_date: null,
  },
];

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('BulkResultsTable', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a row per result on a wide screen, the result right after the MAC address', () => {
    renderWithProviders(<BulkResultsTable rows={rows} />);
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(table.closest('[data-cards]')).toBeNull();
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Row', 'MAC address', 'Status', 'Result', 'Apps', 'Package', 'Cost']);
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual(['2', '00:1A:79:00:00:01', 'OK', 'Can be activated for 1 credit point', 'IBOPLAYER', '1 year', '1']);
  });

  it('shows each result as a card on a phone, its status first and its message in full', () => {
    onPhone();
    renderWithProviders(<BulkResultsTable rows={rows} />);
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(table.closest('[data-cards]')).not.toBeNull();
    const failed = within(table).getAllByRole('row')[2]!;
    expect(cells(failed)).toEqual([
      'StatusError',
      'Row3',
      'MAC address00:1A:79:00:00:02',
      `Result${rows[1]!.message}`,
      'AppsIBOPLAYER, BOBPLAYER',
      'Package2-years',
      'Cost0',
    ]);
    // The labels are for the eye; a screen reader names each value by its header cell.
    expect(within(failed).getByText('Status')).toHaveAttribute('aria-hidden', 'true');
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Status');
  });

  it('leaves out the row numbers of devices chosen from a list, on a phone too', () => {
    onPhone();
    renderWithProviders(<BulkResultsTable rows={rows} source="selection" />);
    const table = screen.getByRole('table', { name: 'Selected devices' });
    expect(within(table).queryByRole('columnheader', { name: 'Row' })).toBeNull();
    expect(cells(within(table).getAllByRole('row')[1]!)[0]).toBe('StatusOK');
  });
});
