import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckDeviceAnswer } from '@panel/contract';
import { session } from '../../lib/session';
import { allowedApplications, json, renderWithProviders, stubFetch } from '../../test-utils';
import { CheckMacPage } from './check-mac-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const applications = [{ id: 3, app_name: 'IBOPRO', app_logo: '/uploads/ibopro.png', app_place_location: null, needs_device_key: false }];

const device = (overrides: Partial<CheckDeviceAnswer['device']> = {}): CheckDeviceAnswer => {
  const playlists: CheckDeviceAnswer['playlists'] = [
    { id: 1, playlist_name: 'Home', url: 'http://tv.example.com/list.m3u', playlist_type: 'general', username: null, password: null, epg: null, protect: false, pin: null },
  ];
  return {
    status: 'active',
    msg: 'Device is active',
    message: 'Device is active',
    playlists,
    device: {
      mac_address: 'aa:bb:cc:dd:ee:ff',
      app_id: 3,
      app_type: 'IBOPRO',
      expire_date: '9999-12-31T00:00:00.000Z',
      is_lifetime: true,
      is_trial: 0,
      status: 'active',
      disabled: false,
      switched_to: null,
      switched_from: null,
      switched_date: null,
      device_key: '123456',
      ip: '203.0.113.9',
      reseller_email: null,
      created_at: '2026-01-05T10:00:00.000Z',
      playlists,
      hidden_playlists: 0,
      claimed: false,
      ...overrides,
    },
  };
};

function setup(answer: () => Response) {
  const fetchMock = stubFetch(async (url) => (url.pathname === '/api/fetch-allowed-applications' ? allowedApplications(applications) : answer()));
  renderWithProviders(<CheckMacPage />);
  return fetchMock;
}

async function check(mac: string) {
  const select = await screen.findByRole('combobox', { name: /Module/ });
  await waitFor(() => expect(select).toBeEnabled());
  // Mantine treats a change to an input without focus as autofill: focus it as typing would.
  fireEvent.click(select);
  // The dropdown's opening transition never ends under jsdom: its options stay hidden, but answer clicks.
  fireEvent.click(screen.getByRole('option', { name: 'IBOPRO', hidden: true }));
  fireEvent.change(screen.getByRole('textbox', { name: /MAC address/ }), { target: { value: mac } });
  fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
}

describe('CheckMacPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each module with its logo in the picker', async () => {
    stubFetch(async () => allowedApplications(applications));
    renderWithProviders(<CheckMacPage />);
    const select = screen.getByRole('combobox', { name: /Module/ });
    await waitFor(() => expect(select).toBeEnabled());
    fireEvent.click(select);
    const option = await screen.findByRole('option', { name: 'IBOPRO' });
    expect(option.querySelector('img')).toHaveAttribute('src', '/uploads/ibopro.png');
    fireEvent.click(option);
    await waitFor(() => expect(select.closest('.mantine-Select-root')!.querySelector('img')).toHaveAttribute('src', '/uploads/ibopro.png'));
  });

  it('asks for a module and a MAC address with the specification messages', async () => {
    const fetchMock = setup(() => json(200, device()));
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
    expect(screen.getByText('Please select a module')).toBeInTheDocument();
    expect(screen.getByText('Please enter a MAC address')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /MAC address/ }), { target: { value: 'AA:B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
    expect(screen.getByText('Invalid MAC address format')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/check-device-status')).toHaveLength(0);
  });

  it('shows the device with Lifetime, its playlists, and no activating reseller unless the answer has one', async () => {
    const fetchMock = setup(() => json(200, device()));
    await check('aabbccddeeff');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    const call = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/check-device-status')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ macAddress: 'AA:BB:CC:DD:EE:FF', app_id: 3 });
    expect(within(modal).getByText('Lifetime')).toBeInTheDocument();
    expect(within(modal).getByText('Active')).toBeInTheDocument();
    expect(within(modal).getByText('123456')).toBeInTheDocument();
    expect(within(modal).getByRole('link', { name: 'http://tv.example.com/list.m3u' })).toBeInTheDocument();
    expect(within(modal).queryByText('Activated by')).not.toBeInTheDocument();
  });

  it('shows the activating reseller when the answer carries it', async () => {
    setup(() => json(200, device({ reseller_email: 'shop@example.com', is_lifetime: false, status: 'expired' })));
    await check('AA:BB:CC:DD:EE:FF');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    expect(within(modal).getByText('Activated by')).toBeInTheDocument();
    expect(within(modal).getByText('shop@example.com')).toBeInTheDocument();
    expect(within(modal).getByText('Expired')).toBeInTheDocument();
  });

  it('says how many playlists other accounts saved, without showing them', async () => {
    setup(() => json(200, { ...device({ playlists: [], hidden_playlists: 2 }), playlists: [] }));
    await check('AA:BB:CC:DD:EE:FF');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    expect(within(modal).getByText('2 playlists on this device were saved by other accounts and are not shown.')).toBeInTheDocument();
    expect(within(modal).queryByText('No playlists on this device.')).not.toBeInTheDocument();
  });

  it('releases the claim of the installed player for a caller who may disable the device', async () => {
    session.save('token', ['check-device-status', 'Disable Mac'], false);
    const fetchMock = setup(() => json(200, device({ claimed: true })));
    fetchMock.mockImplementation(async (url: URL) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(applications);
      if (url.pathname === '/api/devices/release-claim') return json(200, { status: true, msg: 'The device is released.' });
      return json(200, device({ claimed: true }));
    });
    await check('AA:BB:CC:DD:EE:FF');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    expect(within(modal).getByText('Held by the player installed on it')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: 'Release claim' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The device is released.'));
    const call = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/devices/release-claim')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ app_id: 3, mac_address: 'aa:bb:cc:dd:ee:ff' });
    expect(within(modal).getByText('Free: the next player to start on it claims it')).toBeInTheDocument();
  });

  it('offers no release to a caller who may not disable the device', async () => {
    session.save('token', ['check-device-status'], false);
    setup(() => json(200, device({ claimed: true })));
    await check('AA:BB:CC:DD:EE:FF');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    expect(within(modal).getByText('Held by the player installed on it')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Release claim' })).not.toBeInTheDocument();
  });

  it('says Device not found in the modal for an unknown device', async () => {
    setup(() => json(404, { status: false, code: 'C10404', statusCode: 'C10404', msg: 'Device not found in the selected application', errors: {} }));
    await check('AA:BB:CC:DD:EE:FF');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    expect(within(modal).getByRole('alert')).toHaveTextContent('Device not found');
  });

  it('names the reference player command to whoever adds applications', async () => {
    const notFound = () => json(404, { status: false, code: 'C10404', statusCode: 'C10404', msg: 'Device not found in the selected application', errors: {} });
    session.save('token', ['check-device-status', 'add-module'], false);
    setup(notFound);
    await check('AA:BB:CC:DD:EE:FF');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    expect(within(modal).getByRole('alert')).toHaveTextContent('npm run player -- register --app 3 --mac AA:BB:CC:DD:EE:FF');
  });

  it('leaves the command out for a reseller', async () => {
    session.save('token', ['check-device-status'], false);
    setup(() => json(404, { status: false, code: 'C10404', statusCode: 'C10404', msg: 'Device not found in the selected application', errors: {} }));
    await check('AA:BB:CC:DD:EE:FF');
    const modal = await screen.findByRole('dialog', { name: 'Device status' });
    expect(within(modal).getByRole('alert')).not.toHaveTextContent('npm run player');
  });

  it('says Error checking device status for any other failure', async () => {
    setup(() => json(500, { status: false, code: 'INTERNAL', statusCode: 500, msg: 'boom', errors: {} }));
    await check('AA:BB:CC:DD:EE:FF');
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Error checking device status'));
  });
});
