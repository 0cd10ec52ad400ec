import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '@panel/contract';
import { session } from '../../lib/session';
import { allowedApplications, json, renderRoutes, sentBodies, stubFetch, type FetchMock } from '../../test-utils';
import { CustomerPage } from './customer-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const ANA: CustomerDetail = {
  id: 5,
  name: 'Ana Buyer',
  email: 'ana@example.test',
  phone: '+55 11 91234-5678',
  language: 'br',
  notes: 'Pays by PIX.',
  devices_count: 1,
  orders_count: 1,
  reminders: { enabled: true, off_since: null },
  telegram_linked: false,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  devices: [
    { device_id: 41, mac_address: '00:1A:2B:3C:4D:5E', app: { id: 1, name: 'IBO Player' }, expires_at: '2027-03-01T00:00:00.000Z', is_lifetime: false, is_trial: false, status: 'active' },
  ],
  orders: [{ id: 77, status: 'activated', product_name: 'One year', mac_address: '00:1A:2B:3C:4D:5E', price: 1990, currency: 'BRL', created_at: '2026-03-01T10:00:00.000Z' }],
};

const failure = (status: number, code: string, msg: string, errors = {}) => json(status, { status: false, statusCode: status, code, msg, message: msg, errors });

function setup({ linkAnswer, customer = ANA }: { linkAnswer?: () => Response; customer?: CustomerDetail } = {}) {
  session.save('t0k3n', ['storefront'], false);
  const fetchMock = stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/fetch-allowed-applications') {
      return allowedApplications([
        { id: 1, app_name: 'IBO Player', app_logo: null, app_place_location: null, needs_device_key: false },
        { id: 2, app_name: 'BOB Player', app_logo: null, app_place_location: null, needs_device_key: true },
      ]);
    }
    if (url.pathname === '/api/customers/5' && method === 'GET') return json(200, { status: true, msg: 'OK', data: customer });
    if (url.pathname === '/api/customers/5/reminders' && method === 'PUT') {
      const { enabled } = JSON.parse(init!.body as string) as { enabled: boolean };
      const reminders = { enabled, off_since: enabled ? null : '2026-12-07T04:30:00.000Z' };
      return json(200, { status: true, msg: enabled ? 'Reminders turned on.' : 'Reminders turned off.', data: { ...customer, reminders } });
    }
    if (url.pathname === '/api/customers/5/devices' && method === 'POST') return linkAnswer ? linkAnswer() : json(200, { status: true, msg: 'Device linked.', data: ANA });
    if (url.pathname === '/api/customers/5/devices/41' && method === 'DELETE') return json(200, { status: true, msg: 'Device unlinked.', data: { ...ANA, devices: [] } });
    if (url.pathname === '/api/customers/404') return failure(404, 'CUSTOMER_NOT_FOUND', 'Customer not found.');
    return failure(404, 'ROUTE_NOT_FOUND', 'no route');
  });
  return fetchMock;
}

const open = (id = 5) => renderRoutes([{ path: '/customers/:id', element: <CustomerPage /> }], `/customers/${id}`);

async function linkDevice(mac: string, app: string) {
  const form = (await screen.findByRole('heading', { name: 'Link a device' })).closest('form')!;
  fireEvent.change(within(form).getByRole('textbox', { name: /MAC address/ }), { target: { value: mac } });
  const select = within(form).getByRole('combobox', { name: /App/ });
  await waitFor(() => expect(select).toBeEnabled());
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: app }));
  fireEvent.click(within(form).getByRole('button', { name: 'Link device' }));
  return form;
}

const deleted = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url.pathname);

describe('CustomerPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    session.clear();
  });

  it('shows the details, the devices with app, expiry and status, and the orders leading to their details', async () => {
    setup();
    open();
    expect(await screen.findByRole('heading', { name: 'Ana Buyer', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Pays by PIX.')).toBeInTheDocument();
    const devices = screen.getByRole('table', { name: 'Devices' });
    const device = within(devices).getByText('00:1A:2B:3C:4D:5E').closest('tr')!;
    expect(within(device).getByText('IBO Player')).toBeInTheDocument();
    expect(within(device).getByText('Active')).toBeInTheDocument();
    const orders = screen.getByRole('table', { name: 'Orders' });
    expect(within(orders).getByRole('link', { name: '#77' })).toHaveAttribute('href', '/storefront/orders?order=77');
    expect(within(orders).getByText('R$19.90')).toBeInTheDocument();
    expect(within(orders).getByText('Activated')).toBeInTheDocument();
  });

  it('links a device by MAC address and app', async () => {
    const fetchMock = setup();
    open();
    await linkDevice('001a2b3c4d5f', 'BOB Player');
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Device linked.'));
    expect(sentBodies(fetchMock, '/api/customers/5/devices')).toEqual([{ mac_address: '00:1a:2b:3c:4d:5f', app_id: 2 }]);
  });

  it('shows the server\'s refusal of a device under the MAC address', async () => {
    setup({ linkAnswer: () => failure(422, 'VALIDATION', 'The given data was invalid.', { mac_address: ['No device of yours, or on its trial, has this MAC address on this app.'] }) });
    open();
    const form = await linkDevice('00:1A:2B:3C:4D:5F', 'IBO Player');
    expect(await within(form).findByText('No device of yours, or on its trial, has this MAC address on this app.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /MAC address/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('needs an app before linking', async () => {
    const fetchMock = setup();
    open();
    const form = (await screen.findByRole('heading', { name: 'Link a device' })).closest('form')!;
    fireEvent.change(within(form).getByRole('textbox', { name: /MAC address/ }), { target: { value: '00:1A:2B:3C:4D:5F' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Link device' }));
    expect(await within(form).findByText('Choose the app the device runs.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.pathname === '/api/customers/5/devices')).toBe(false);
  });

  it('unlinks a device after a confirm', async () => {
    const fetchMock = setup();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink 00:1A:2B:3C:4D:5E (IBO Player)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink 00:1A:2B:3C:4D:5E?' });
    expect(deleted(fetchMock)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Device unlinked.'));
    expect(deleted(fetchMock)).toEqual(['/api/customers/5/devices/41']);
  });

  it('says when the customer is not the caller\'s', async () => {
    setup();
    open(404);
    expect(await screen.findByRole('alert')).toHaveTextContent('Customer not found.');
    expect(screen.getByRole('link', { name: 'All customers' })).toHaveAttribute('href', '/customers');
  });

  it('shows its channels, and that its reminders are off since it unsubscribed, then turns them back on', async () => {
    const fetchMock = setup({ customer: { ...ANA, telegram_linked: true, reminders: { enabled: false, off_since: '2026-11-20T10:00:00.000Z' } } });
    open();
    const section = (await screen.findByRole('heading', { name: 'Channels and reminders' })).closest('section')!;
    expect(within(section).getByText('ana@example.test')).toBeInTheDocument();
    expect(within(section).getByText("Linked with your store's bot")).toBeInTheDocument();
    const reminders = within(section).getByRole('switch', { name: /Renewal reminders/ });
    expect(reminders).not.toBeChecked();
    expect(within(section).getByText('Off since 11-20-2026: the customer unsubscribed, or they were turned off here.')).toBeInTheDocument();

    fireEvent.click(reminders);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reminders turned on.'));
    expect(sentBodies(fetchMock, '/api/customers/5/reminders')).toEqual([{ enabled: true }]);
    await waitFor(() => expect(within(section).getByRole('switch', { name: /Renewal reminders/ })).toBeChecked());
    expect(within(section).getByText(/This customer receives your store's reminders/)).toBeInTheDocument();
  });

  it('turns its reminders off, and says when it has no Telegram chat linked', async () => {
    const fetchMock = setup();
    open();
    const section = (await screen.findByRole('heading', { name: 'Channels and reminders' })).closest('section')!;
    expect(within(section).getByText(/Not linked: the customer links it from an order page or a receipt/)).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('switch', { name: /Renewal reminders/ }));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/customers/5/reminders')).toEqual([{ enabled: false }]));
    await waitFor(() => expect(within(section).getByRole('switch', { name: /Renewal reminders/ })).not.toBeChecked());
    expect(within(section).getByText(/^Off since /)).toBeInTheDocument();
  });
});
