import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer, CustomersAnswer } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch, type FetchMock } from '../../test-utils';
import { CustomersPage } from './customers-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const customer = (id: number, overrides: Partial<Customer> = {}): Customer => ({
  id,
  name: 'Ana Buyer',
  email: 'ana@example.test',
  phone: '+55 11 91234-5678',
  language: 'br',
  notes: null,
  devices_count: 2,
  orders_count: 3,
  reminders: { enabled: true, off_since: null },
  telegram_linked: false,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});
const ANA = customer(5);
const BEN = customer(6, { name: null, email: 'ben@example.test', phone: null, devices_count: 0, orders_count: 1 });

const list = (rows: Customer[]): CustomersAnswer => ({
  status: true,
  msg: 'OK',
  data: rows,
  meta: { total: rows.length, last_page: 1, current_page: 1, per_page: 10, total_capped: false },
});
const failure = (status: number, code: string, msg: string, errors = {}) => json(status, { status: false, statusCode: status, code, msg, message: msg, errors });

function setup() {
  session.save('t0k3n', ['storefront'], false);
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/customers' && method === 'GET') return json(200, list(url.searchParams.get('search') === 'ben' ? [BEN] : [ANA, BEN]));
    if (url.pathname === '/api/customers' && method === 'POST') {
      return failure(422, 'VALIDATION', 'The given data was invalid.', { email: ['This e-mail is already one of your customers.'] });
    }
    if (url.pathname === '/api/customers/6' && method === 'DELETE') return json(200, { status: true, msg: 'Customer deleted.' });
    return failure(404, 'ROUTE_NOT_FOUND', 'no route');
  });
  renderRoutes([{ path: '/customers', element: <CustomersPage /> }], '/customers');
  return fetchMock;
}

const listRequests = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/customers' && (init?.method ?? 'GET') === 'GET').map(([url]) => Object.fromEntries(url.searchParams));

/** The bodies POSTed to /api/customers. */
const posted = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/customers' && init?.method === 'POST').map(([, init]) => JSON.parse(init!.body as string) as unknown);

describe('CustomersPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    session.clear();
  });

  it('lists the customers with their contact, devices and orders, a nameless one by a placeholder', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Customers' });
    const ana = (await within(table).findByRole('link', { name: 'Ana Buyer' })).closest('tr')!;
    expect(within(ana).getByText('ana@example.test')).toBeInTheDocument();
    expect(within(ana).getByText('+55 11 91234-5678')).toBeInTheDocument();
    expect(within(ana).getByText('2')).toBeInTheDocument();
    expect(within(ana).getByText('3')).toBeInTheDocument();
    expect(within(ana).getByRole('link', { name: 'Ana Buyer' })).toHaveAttribute('href', '/customers/5');
    expect(within(table).getByText('No name')).toBeInTheDocument();
  });

  it('searches on the server once three characters are typed', async () => {
    const fetchMock = setup();
    await screen.findByText('Ana Buyer');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'ben' } });
    await waitFor(() => expect(listRequests(fetchMock).at(-1)).toMatchObject({ search: 'ben', page: '1' }));
    await waitFor(() => expect(screen.queryByText('Ana Buyer')).toBeNull());
  });

  it('adds a customer: the form needs a name or an e-mail, and a 422 shows under its field', async () => {
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Add customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a customer' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText('Enter a name or an e-mail address.')).toBeInTheDocument();
    expect(posted(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^E-mail/ }), { target: { value: 'ana@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText('This e-mail is already one of your customers.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^E-mail/ })).toHaveAttribute('aria-invalid', 'true');
    expect(posted(fetchMock)).toEqual([{ email: 'ana@example.test' }]);
  });

  it('deletes a customer after a confirm', async () => {
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for ben@example.test' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete ben@example.test?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete customer' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Customer deleted.'));
    expect(fetchMock.mock.calls.some(([url, init]) => url.pathname === '/api/customers/6' && init?.method === 'DELETE')).toBe(true);
  });
});
