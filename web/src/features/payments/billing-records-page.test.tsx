import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingRecord } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch, type FetchMock } from '../../test-utils';
import { BillingRecordsPage } from './billing-records-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, toastWarning: toasts.warning, showToast: vi.fn() }));

const record = (n: number, overrides: Partial<BillingRecord> = {}): BillingRecord => ({
  orderId: `4f1c2d3e-0000-4000-8000-00000000000${n}`,
  reseller_name: 'Shop',
  reseller_email: 'shop@example.test',
  plan_title: 'Gold',
  amount: '19.90',
  currency: 'EUR',
  credit_point: 1000,
  status: 'completed',
  transaction_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const page = (rows: BillingRecord[], meta: Partial<{ total: number; total_capped: boolean; last_page: number; current_page: number; per_page: number }> = {}) => ({
  status: true,
  msg: 'Billing records loaded.',
  data: rows,
  meta: { total: rows.length, total_capped: false, last_page: 1, current_page: 1, per_page: 10, ...meta },
});

function setup(answer: (url: URL) => Response, entry = '/billing') {
  session.save('t0k3n', ['purchase-package'], false);
  const fetchMock = stubFetch(async (url) =>
    url.pathname === '/api/billing-records'
      ? answer(url)
      : json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} }),
  );
  const router = renderRoutes([{ path: '/billing', element: <BillingRecordsPage /> }], entry);
  return { fetchMock, router };
}

const listRequests = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/billing-records').map(([url]) => Object.fromEntries(url.searchParams));

describe('BillingRecordsPage', () => {
  beforeEach(() => {
    toasts.error.mockClear();
    toasts.success.mockClear();
    toasts.warning.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows each order with its reseller, amount in euros and translated status badge', async () => {
    const { fetchMock } = setup(() =>
      json(
        200,
        page([
          record(1, { transaction_id: 'cs_test_123' }),
          record(2, { status: 'pending' }),
          record(3, { status: 'failed' }),
          record(4, { status: 'cancelled', amount: '1234.5' }),
        ]),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Billing records' });
    await within(table).findByText('4f1c2d3e-0000-4000-8000-000000000001');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[1]!).getByText('Shop')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('shop@example.test')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('€19.90')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('1,000')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Completed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('cs_test_123')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('—')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Cancelled')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('€1,234.50')).toBeInTheDocument();
    expect(listRequests(fetchMock)[0]).toEqual({ page_number: '1', page_size: '10' });
  });

  it('offers pages of 10, 20, 30 and 50 and asks for the one chosen', async () => {
    const { fetchMock } = setup(() => json(200, page([record(1)], { total: 120, last_page: 12 })));
    await screen.findByText('4f1c2d3e-0000-4000-8000-000000000001');
    fireEvent.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', '30', '50']);
    fireEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toEqual({ page_number: '1', page_size: '50' }));
  });

  it('searches once 3 characters are typed', async () => {
    const { fetchMock } = setup(() => json(200, page([])));
    expect(await screen.findByText('No billing records found')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'gol' } });
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toEqual({ page_number: '1', page_size: '10', search_title: 'gol' }));
  });

  it('says the records could not be fetched', async () => {
    setup(() => json(500, { status: false, code: 'INTERNAL', statusCode: 500, msg: 'Internal server error', errors: {} }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch billing records');
  });

  it('offers no Export CSV while the search finds no order', async () => {
    setup(() => json(200, page([])));
    expect(await screen.findByText('No billing records found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('thanks the buyer back from the card provider, then drops the parameter', async () => {
    const { router } = setup(() => json(200, page([])), '/billing?payment=success');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(toasts.success.mock.calls[0]![0]).toMatch(/^Thank you, your payment was accepted\./);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('warns that a payment was cancelled at the card provider', async () => {
    const { router } = setup(() => json(200, page([])), '/billing?payment=cancelled');
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith('The payment was cancelled. No credit points were added.'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('exports every page of the search as billing-records.csv', async () => {
    const created = vi.fn<(blob: Blob) => string>(() => 'blob:billing');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { fetchMock } = setup((url) => {
      const pageNumber = Number(url.searchParams.get('page_number'));
      if (url.searchParams.get('page_size') === '50') {
        return json(200, page(pageNumber === 1 ? [record(1)] : [record(2, { plan_title: '=HYPERLINK("x")', status: 'failed' })], { total: 2, last_page: 2 }));
      }
      return json(200, page([record(1)], { total: 2, last_page: 1 }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(listRequests(fetchMock).filter((q) => q.page_size === '50').map((q) => q.page_number)).toEqual(['1', '2']);
    expect(names).toEqual(['billing-records.csv']);
    const text = await created.mock.calls[0]![0].text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Order,Reseller name,Reseller e-mail,Plan,Amount,Currency,Credit points,Status,Transaction ID,Created');
    expect(lines[1]).toMatch(/^4f1c2d3e-0000-4000-8000-000000000001,Shop,shop@example.test,Gold,19.90,EUR,1000,Completed,,/);
    expect(lines[2]).toContain(`,"'=HYPERLINK(""x"")",19.90,EUR,1000,Failed,,`);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('2 billing records exported.'));
    click.mockRestore();
  });
});
