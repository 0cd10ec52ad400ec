import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedApplications, chooseModule, type FetchMock, json, renderWithProviders, stubFetch } from '../../test-utils';
import { ResetPlaylistForm } from './reset-playlist-form';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const applications = [
  { id: 1, app_name: 'IBOPLAYER', app_logo: null, app_place_location: null, needs_device_key: true },
  { id: 2, app_name: 'BOBPLAYER', app_logo: null, app_place_location: null, needs_device_key: true },
  { id: 5, app_name: 'SMARTERS', app_logo: null, app_place_location: null, needs_device_key: false },
];

const setup = () => renderWithProviders(<ResetPlaylistForm />);

const deviceKeyBox = () => screen.queryByLabelText(/Device key/);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset' }));

describe('ResetPlaylistForm', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(applications);
      if (url.pathname === '/api/reset-playlist') return json(200, { status: true, statusCode: 200, msg: 'Playlists reset.', data: { removed: 2 } });
      return json(404, { status: false, statusCode: 404, msg: 'not found' });
    });
    toasts.success.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const resetCalls = () => fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/reset-playlist');

  it('asks for the module, the MAC address and the playlist type', async () => {
    setup();
    submit();
    expect(await screen.findByText('Please select a module')).toBeInTheDocument();
    expect(screen.getByText('Please enter a MAC address')).toBeInTheDocument();
    expect(screen.getByText('Please choose a playlist type.')).toBeInTheDocument();
    expect(resetCalls()).toHaveLength(0);
  });

  it('shows the device key only for BOBPLAYER and IBOPLAYER', async () => {
    setup();
    expect(deviceKeyBox()).not.toBeInTheDocument();
    await chooseModule('SMARTERS');
    expect(deviceKeyBox()).not.toBeInTheDocument();
    await chooseModule('BOBPLAYER');
    expect(deviceKeyBox()).toBeInTheDocument();
    await chooseModule('IBOPLAYER');
    expect(deviceKeyBox()).toBeInTheDocument();
  });

  it('requires the device key for IBOPLAYER and sends it after the confirmation', async () => {
    setup();
    await chooseModule('IBOPLAYER');
    fireEvent.change(screen.getByLabelText(/MAC address/), { target: { value: 'aabbccddeeff' } });
    fireEvent.click(screen.getByLabelText('XC (Xtream Codes)'));
    submit();
    expect(await screen.findByText('Please enter a device key')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(deviceKeyBox()!, { target: { value: ' 834211 ' } });
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Reset playlists' });
    expect(dialog).toHaveTextContent('Remove every XC playlist of AA:BB:CC:DD:EE:FF?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(resetCalls()).toHaveLength(1));
    expect(JSON.parse(resetCalls()[0]![1]!.body as string)).toEqual({
      mac_address: 'AA:BB:CC:DD:EE:FF',
      app_id: 1,
      module: 'IBOPLAYER',
      playlist_type: 'xc',
      device_key: '834211',
    });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Playlists reset.'));
  });

  it('sends no device key for a module that needs none', async () => {
    setup();
    await chooseModule('SMARTERS');
    fireEvent.change(screen.getByLabelText(/MAC address/), { target: { value: 'AA:BB:CC:DD:EE:01' } });
    fireEvent.click(screen.getByLabelText('General'));
    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(resetCalls()).toHaveLength(1));
    expect(JSON.parse(resetCalls()[0]![1]!.body as string)).toEqual({
      mac_address: 'AA:BB:CC:DD:EE:01',
      app_id: 5,
      module: 'SMARTERS',
      playlist_type: 'general',
    });
  });

  it("reads 'Invalid device key' on C10405", async () => {
    fetchMock.mockImplementation(async (url) =>
      url.pathname === '/api/fetch-allowed-applications'
        ? allowedApplications(applications)
        : json(403, { status: false, statusCode: 'C10405', code: 'C10405', msg: 'Wrong key' }),
    );
    setup();
    await chooseModule('BOBPLAYER');
    fireEvent.change(screen.getByLabelText(/MAC address/), { target: { value: 'AA:BB:CC:DD:EE:01' } });
    fireEvent.change(deviceKeyBox()!, { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('General'));
    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid device key');
  });
});
