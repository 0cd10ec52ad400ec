import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedApplications, chooseModule, type FetchMock, json, renderWithProviders, stubFetch } from '../../test-utils';
import { PlaylistsPage } from './playlists-page';
import { formatRecordDay } from '../../lib/format';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const applications = [{ id: 1, app_name: 'IBOPLAYER', app_logo: null, app_place_location: 'https://ibo.example.com', needs_device_key: true }];

const device = {
  mac_address: 'aa:bb:cc:dd:ee:ff',
  app_id: 1,
  app_type: 'IBOPLAYER',
  expire_date: '2027-01-31T00:00:00.000Z',
  is_lifetime: false,
  is_trial: 3,
  status: 'active',
  disabled: false,
  switched_to: null,
  switched_from: null,
  switched_date: null,
  device_key: '834211',
  ip: null,
  reseller_email: null,
  created_at: '2026-01-01T00:00:00.000Z',
  playlists: [],
  hidden_playlists: 0,
  claimed: false,
};
const playlist = {
  id: 3,
  playlist_name: 'Sports',
  url: 'http://lists.example.com/sports.m3u',
  playlist_type: 'general',
  username: null,
  password: null,
  epg: null,
  protect: true,
  pin: null,
};

describe('PlaylistsPage', () => {
  let fetchMock: FetchMock;
  let answer: () => Response;
  beforeEach(() => {
    answer = () => json(200, { status: 'active', msg: 'OK', message: 'OK', device, playlists: [playlist] });
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(applications);
      return answer();
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.pathname === path);

  it('asks for a module and a MAC address before checking', async () => {
    renderWithProviders(<PlaylistsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('Please select a module')).toBeInTheDocument();
    expect(screen.getByText('Please enter a MAC address')).toBeInTheDocument();
    expect(calls('/api/check-device-status')).toHaveLength(0);
  });

  it("shows the device's status, expiry and playlists", async () => {
    renderWithProviders(<PlaylistsPage />);
    await chooseModule('IBOPLAYER');
    fireEvent.change(screen.getAllByLabelText(/MAC address/)[0]!, { target: { value: 'AABBCCDDEEFF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check Status' }));

    const dialog = await screen.findByRole('dialog', { name: 'MAC status' });
    expect(await within(dialog).findByText(formatRecordDay('2027-01-31T00:00:00.000Z'))).toBeInTheDocument();
    expect(within(dialog).getByText('Active')).toBeInTheDocument();
    expect(within(dialog).getByText('Sports')).toBeInTheDocument();
    expect(JSON.parse(calls('/api/check-device-status')[0]![1]!.body as string)).toEqual({ macAddress: 'AA:BB:CC:DD:EE:FF', app_id: 1 });
  });

  it("says 'Device not found' for an unknown device", async () => {
    answer = () => json(404, { status: false, statusCode: 'C10404', code: 'C10404', msg: 'Device not found in the selected application' });
    renderWithProviders(<PlaylistsPage />);
    await chooseModule('IBOPLAYER');
    fireEvent.change(screen.getAllByLabelText(/MAC address/)[0]!, { target: { value: 'AABBCCDDEEFF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'MAC status' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Device not found');
  });

  it('opens the add form for the chosen module and MAC address', async () => {
    renderWithProviders(<PlaylistsPage />);
    await chooseModule('IBOPLAYER');
    fireEvent.change(screen.getAllByLabelText(/MAC address/)[0]!, { target: { value: 'AABBCCDDEEFF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Playlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add playlist' });
    expect(within(dialog).getByText('For IBOPLAYER, MAC AA:BB:CC:DD:EE:FF')).toBeInTheDocument();
  });
});
