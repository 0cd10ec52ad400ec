import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_PERMISSIONS } from '@panel/contract';
import { allowedApplications, json, renderWithProviders, stubFetch } from '../../test-utils';
import { ActivationLogsPage } from './activation-logs-page';

const log = {
  id: 9,
  module: 'IBOPRO',
  app_id: 3,
  mac_address: 'aa:bb:cc:dd:ee:ff',
  reseller_id: 7,
  reseller_detail: { email: 'shop@example.com' },
  package: 'Lifetime',
  box_expiry_date: '9999-12-31T00:00:00.000Z',
  is_lifetime: true,
  credit_point: 2,
  comment: 'paid in cash',
  activated_from: 'panel',
  created_at: '2026-01-05T10:00:00.000Z',
  refunded_at: null,
  undo_until: null,
};

function setup(permissions: string) {
  Cookies.set(COOKIE_PERMISSIONS, permissions);
  const fetchMock = stubFetch(async (url) =>
    url.pathname === '/api/fetch-allowed-applications'
      ? allowedApplications([{ id: 3, app_name: 'IBOPRO', app_logo: '/uploads/ibopro.png', app_place_location: null, needs_device_key: false }])
      : json(200, { status: true, msg: 'ok', data: { data: [log], current_page: 1, last_page: 1, total: 1, total_capped: false } }),
  );
  renderWithProviders(<ActivationLogsPage />);
  return () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => ({ path: url.pathname, body: JSON.parse(init!.body as string) as Record<string, unknown> }));
}

describe('ActivationLogsPage', () => {
  afterEach(() => {
    Cookies.remove(COOKIE_PERMISSIONS);
    vi.unstubAllGlobals();
  });

  it("shows each module with its logo", async () => {
    setup('transactions-logs');
    const cell = await screen.findByRole('cell', { name: 'IBOPRO' });
    await waitFor(() => expect(cell.querySelector('img')).toHaveAttribute('src', '/uploads/ibopro.png'));
  });

  it('shows the Remarks column only with remarks-trans-logs', async () => {
    setup('transactions-logs,remarks-trans-logs');
    const table = await screen.findByRole('table', { name: 'Activation Transaction Logs' });
    expect(within(table).getByRole('columnheader', { name: 'Remarks' })).toBeInTheDocument();
    expect(await within(table).findByText('paid in cash')).toBeInTheDocument();
  });

  it('leaves the remarks out without remarks-trans-logs', async () => {
    setup('transactions-logs');
    const table = await screen.findByRole('table', { name: 'Activation Transaction Logs' });
    expect(await within(table).findByText('IBOPRO')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Remarks' })).not.toBeInTheDocument();
    expect(within(table).queryByText('paid in cash')).not.toBeInTheDocument();
  });

  it('asks the logs page by page, newest first, and sorts on a header click', async () => {
    const calls = setup('transactions-logs');
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]).toEqual({
      path: '/api/activation-logs',
      body: {
        page_number: 1,
        page_size: 10,
        search_type: 'general',
        keyword: null,
        mac_address: null,
        sort_key: 'created_at',
        sort_type: 'desc',
        start_date: null,
        end_date: null,
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Credit' }));
    await waitFor(() => expect(calls().at(-1)?.body).toMatchObject({ sort_key: 'credit_point', sort_type: 'asc' }));
  });
});
