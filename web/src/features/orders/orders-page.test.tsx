import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreOrder, StoreOrdersAnswer } from '@panel/contract';
import { changeLocale } from '../../i18n';
import { session } from '../../lib/session';
import { json, renderRoutes, sentBodies, stubFetch, type FetchMock } from '../../test-utils';
import { OrdersPage } from './orders-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, toastWarning: toasts.warning, showToast: vi.fn() }));

const order = (id: number, overrides: Partial<StoreOrder> = {}): StoreOrder => ({
  id,
  status: 'awaiting_approval',
  method: 'manual',
  product: { id: 3, name: 'One year, two apps' },
  apps: [{ id: 1, name: 'IBO Player' }],
  package: 'one_year',
  price: 1990,
  currency: 'EUR',
  credit_cost: 2,
  mac_address: '00:1A:2B:3C:4D:5E',
  email: 'buyer@example.test',
  name: 'Ana Buyer',
  language: 'en',
  customer_id: 5,
  paid_at: null,
  activated_at: null,
  expires_at: null,
  is_lifetime: false,
  failure: null,
  reject_reason: null,
  stripe_session_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const WAITING = order(7);
const NO_CREDIT = order(8, { status: 'waiting_credit', method: 'stripe', paid_at: '2026-03-01T10:01:00.000Z' });
const FAILED = order(9, {
  status: 'failed',
  method: 'stripe',
  failure: { code: 'errors.deviceLifetime', message: 'The device became lifetime meanwhile.' },
});

const list = (rows: StoreOrder[]): StoreOrdersAnswer => ({
  status: true,
  msg: 'OK',
  data: rows,
  meta: { total: rows.length, last_page: 1, current_page: 1, per_page: 10, total_capped: false },
});
const one = (row: StoreOrder) => json(200, { status: true, msg: 'OK', data: row });
const error = (status: number, code: string, msg: string, errors = {}) => json(status, { status: false, statusCode: status, code, msg, message: msg, errors });

function setup(rows: StoreOrder[] = [WAITING, NO_CREDIT, FAILED], entry = '/storefront/orders') {
  session.save('t0k3n', ['storefront'], false);
  const fetchMock = stubFetch(async (url, init) => {
    const path = url.pathname;
    if (path === '/api/storefront/orders') return json(200, list(url.searchParams.get('status') === 'failed' ? [FAILED] : rows));
    if (path === '/api/storefront/orders/7/approve' && init?.method === 'POST') return json(200, { status: true, msg: 'Order 7 approved: the device is activated.', data: { ...WAITING, status: 'activated' } });
    if (path === '/api/storefront/orders/7/reject' && init?.method === 'POST') return json(200, { status: true, msg: 'Order 7 rejected.', data: { ...WAITING, status: 'rejected' } });
    if (path === '/api/storefront/orders/8/retry') return json(200, { status: true, msg: 'Still waiting for credit.', data: NO_CREDIT });
    const match = /^\/api\/storefront\/orders\/(\d+)$/.exec(path);
    if (match) {
      const found = rows.find((r) => r.id === Number(match[1]));
      return found ? one(found) : error(404, 'ORDER_NOT_FOUND', 'Order not found.');
    }
    return error(404, 'ROUTE_NOT_FOUND', 'no route');
  });
  renderRoutes([{ path: '/storefront/orders', element: <OrdersPage /> }], entry);
  return fetchMock;
}

const listRequests = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/storefront/orders').map(([url]) => Object.fromEntries(url.searchParams));
const calledPaths = (fetchMock: FetchMock) => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url.pathname}`);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('OrdersPage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    session.clear();
    await changeLocale('en');
  });

  it('lists the orders with their price in the currency, credit cost, status and method', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('#7');
    const row = (await rowOf('#7')) as HTMLElement;
    expect(within(row).getByText('€19.90')).toBeInTheDocument();
    expect(within(row).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(row).getByText('Manual payment')).toBeInTheDocument();
    expect(within(row).getByText('buyer@example.test')).toBeInTheDocument();
    expect(within(table).getByText('Waiting for credit')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
  });

  it('asks the server for the chosen status and says what the status means', async () => {
    const fetchMock = setup();
    await screen.findByText('#7');
    expect(listRequests(fetchMock)[0]).toMatchObject({ page: '1', per_page: '10' });
    expect(listRequests(fetchMock)[0]).not.toHaveProperty('status');

    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: /^Failed/ }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toMatchObject({ status: 'failed', page: '1' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAccessibleDescription('Paid, but it can no longer be delivered: refund the customer.');
  });

  it('approves after a confirm naming the MAC, product and credit cost, and shows the server\'s message', async () => {
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for order 7' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order 7?' });
    expect(dialog).toHaveTextContent('One year, two apps is activated on 00:1A:2B:3C:4D:5E at once, and 2 credit points are taken from your balance.');
    expect(calledPaths(fetchMock)).not.toContain('POST /api/storefront/orders/7/approve');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and activate' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Order 7 approved: the device is activated.'));
    expect(calledPaths(fetchMock)).toContain('POST /api/storefront/orders/7/approve');
    // The list is asked again: the row shows the order's new status.
    await waitFor(() => expect(listRequests(fetchMock).length).toBeGreaterThan(1));
  });

  it('says when an approved order waits for credit instead of activating', async () => {
    const fetchMock = setup();
    fetchMock.mockImplementation(async (url, init) => {
      if (url.pathname === '/api/storefront/orders/7/approve' && init?.method === 'POST') return json(200, { status: true, msg: 'Order approved.', data: { ...WAITING, status: 'waiting_credit' } });
      return json(200, list([WAITING]));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for order 7' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Approve order 7?' })).getByRole('button', { name: 'Approve and activate' }));
    await waitFor(() =>
      expect(toasts.warning).toHaveBeenCalledWith('Approved, but your balance does not cover its 2 credit points: the order waits for credit and activates by itself as soon as credit arrives.'),
    );
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('rejects only with a reason, and sends it', async () => {
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for order 7' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order 7' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(await within(dialog).findByText('The Reason is required.')).toBeInTheDocument();
    expect(calledPaths(fetchMock)).not.toContain('POST /api/storefront/orders/7/reject');

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: '  No payment arrived.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Order 7 rejected.'));
    expect(sentBodies(fetchMock, '/api/storefront/orders/7/reject')).toEqual([{ reason: 'No payment arrived.' }]);
  });

  it('retries an order waiting for credit', async () => {
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for order 8' }));
    expect(screen.queryByRole('menuitem', { name: 'Approve' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Retry' }));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith('Still waiting for credit.'));
    expect(calledPaths(fetchMock)).toContain('POST /api/storefront/orders/8/retry');
  });

  it('shows a failed order\'s reason and tells the reseller to refund the customer', async () => {
    setup(undefined, '/storefront/orders?order=9');
    const drawer = await screen.findByRole('dialog', { name: 'Order 9' });
    expect(await within(drawer).findByText('The device became lifetime meanwhile.')).toBeInTheDocument();
    expect(within(drawer).getByText('Refund the customer: the panel never holds its money.')).toBeInTheDocument();
    expect(within(drawer).getByText('00:1A:2B:3C:4D:5E')).toBeInTheDocument();
  });

  it('downloads the CSV with the list\'s filters', async () => {
    const fetchMock = setup();
    await screen.findByText('#7');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    fetchMock.mockImplementationOnce(async () => new Response('id\r\n7\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('GET /api/storefront/orders/export'));
    const exportUrl = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/storefront/orders/export')![0];
    expect(Object.fromEntries(exportUrl.searchParams)).not.toHaveProperty('page');
    expect(exportUrl.searchParams.get('date_from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('shows a range the server refuses under the dates, not in place of the rows', async () => {
    session.save('t0k3n', ['storefront'], false);
    stubFetch(async () => error(422, 'VALIDATION', 'The given data was invalid.', { date_to: ['The range may be at most 3 months long.'] }));
    renderRoutes([{ path: '/storefront/orders', element: <OrdersPage /> }], '/storefront/orders');
    expect(await screen.findByText('The range may be at most 3 months long.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    setup([WAITING]);
    const table = await screen.findByRole('table', { name: 'الطلبات' });
    expect(await within(table).findByText('بانتظار الموافقة')).toBeInTheDocument();
    expect(within(table).getByText('دفع يدوي')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^إجراءات الطلب .*7/ })).toBeInTheDocument();
  });
});
