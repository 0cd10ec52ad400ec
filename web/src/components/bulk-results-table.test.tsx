import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_PERMISSIONS, type BulkRowResult } from '@panel/contract';
import { json, onPhone, renderWithProviders, stubFetch } from '../test-utils';
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

  it('offers Undo on each activated row of a real run within its window, and marks the row Refunded once undone', async () => {
    Cookies.set(COOKIE_PERMISSIONS, 'multi apps activation');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const fetchMock = stubFetch(async () => json(200, { status: true, msg: 'Activation undone. Credit points refunded: 2.', data: { credit_points: 2, credit_point: 9 } }));
    const real: BulkRowResult[] = [
      { ...rows[0]!, package: 'lifetime', cost: 2, expire_date: '9999-12-31T00:00:00.000Z', activation_ids: [71], undo_until: until },
      { ...rows[0]!, row: 4, mac_address: '00:1A:79:00:00:04', expire_date: '2027-01-01T00:00:00.000Z', activation_ids: [72], undo_until: new Date(Date.now() - 1000).toISOString() },
      rows[1]!,
    ];
    renderWithProviders(<BulkResultsTable rows={real} />);
    expect(screen.queryByRole('button', { name: /00:1A:79:00:00:04/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo the activation of IBOPLAYER on 00:1A:79:00:00:01' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Undo this activation?' })).getByRole('button', { name: 'Undo activation' }));
    await waitFor(() => expect(screen.getByText('Refunded')).toBeInTheDocument());
    expect(fetchMock.mock.calls.map(([url]) => url.pathname)).toEqual(['/api/activations/71/undo']);
    Cookies.remove(COOKIE_PERMISSIONS);
    vi.unstubAllGlobals();
  });
});
