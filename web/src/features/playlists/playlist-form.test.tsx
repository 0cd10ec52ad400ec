import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllowedApplicationListItem } from '@panel/contract';
import { type FetchMock, json, renderWithProviders, stubFetch } from '../../test-utils';
import { PlaylistForm } from './playlist-form';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const iboPlayer: AllowedApplicationListItem = { id: 3, app_name: 'IBOPLAYER', app_logo: null, app_place_location: 'https://ibo.example.com', needs_device_key: true };

function setup({ application = iboPlayer, macAddress = 'AA:BB:CC:DD:EE:FF' }: { application?: AllowedApplicationListItem; macAddress?: string } = {}) {
  const onSaved = vi.fn();
  renderWithProviders(<PlaylistForm application={application} macAddress={macAddress} onSaved={onSaved} onCancel={vi.fn()} />);
  return { onSaved };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save playlist' }));

describe('PlaylistForm', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    fetchMock = stubFetch(async () => json(201, { status: true, statusCode: 201, msg: 'Playlist saved successfully.', data: { id: 9 } }));
    toasts.success.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const saveCalls = () => fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/save-playlist');
  const sentBody = () => JSON.parse(saveCalls()[0]![1]!.body as string) as Record<string, unknown>;

  it('shows the general fields, and username and password only for an XC playlist', () => {
    setup();
    expect(screen.getByLabelText(/Playlist name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Playlist URL/)).toBeInTheDocument();
    expect(screen.getByLabelText(/XMLTV EPG URL/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Username/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('XC (Xtream Codes)'));
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Server URL/)).toBeInTheDocument();
    expect(screen.getByLabelText(/XMLTV EPG URL/)).toBeInTheDocument();
  });

  it('asks to fill in all fields before sending anything', () => {
    setup();
    type(/Playlist name/, 'Sports');
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');

    fireEvent.click(screen.getByLabelText('XC (Xtream Codes)'));
    type(/Server URL/, 'http://xc.example.com:8080');
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(saveCalls()).toHaveLength(0);
  });

  it('counts a missing MAC address as a missing field', () => {
    setup({ macAddress: '' });
    type(/Playlist name/, 'Sports');
    type(/Playlist URL/, 'http://lists.example.com/sports.m3u');
    save();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(saveCalls()).toHaveLength(0);
  });

  it('asks for a PIN of at least 4 characters, typed twice the same', () => {
    setup();
    type(/Playlist name/, 'Kids');
    type(/Playlist URL/, 'http://lists.example.com/kids.m3u');
    expect(screen.queryByLabelText(/^PIN/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText(/Protect this playlist/));

    type(/^PIN/, '123');
    type(/Confirm PIN/, '123');
    save();
    expect(screen.getByText('PIN must be at least 4 characters long.')).toBeInTheDocument();

    type(/^PIN/, '1234');
    type(/Confirm PIN/, '1243');
    save();
    expect(screen.getByText('PIN and Confirm PIN must match.')).toBeInTheDocument();
    expect(saveCalls()).toHaveLength(0);
  });

  it('refuses a URL that is not http(s) before the round trip', () => {
    setup();
    type(/Playlist name/, 'Sports');
    type(/Playlist URL/, 'ftp://lists.example.com/sports.m3u');
    save();
    expect(screen.getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(saveCalls()).toHaveLength(0);
  });

  it('keeps a pasted name and URL past their limits whole: the name counted, the URL only told, nothing sent', () => {
    setup();
    const name = screen.getByLabelText(/Playlist name/);
    const url = screen.getByLabelText(/Playlist URL/);
    expect(name).not.toHaveAttribute('maxlength');
    expect(url).not.toHaveAttribute('maxlength');
    type(/Playlist name/, 'n'.repeat(101));
    const longUrl = `http://lists.example.com/${'u'.repeat(2048)}`;
    type(/Playlist URL/, longUrl);

    expect(name).toHaveValue('n'.repeat(101));
    expect(url).toHaveValue(longUrl);
    expect(screen.getByText('101 / 100')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: at most 100 characters.')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: at most 2,048 characters.')).toBeInTheDocument();
    expect(screen.queryByText(/\/ 2,048/)).not.toBeInTheDocument();
    save();
    expect(saveCalls()).toHaveLength(0);
  });

  it('sends a general playlist with its module, EPG and PIN', async () => {
    const { onSaved } = setup();
    type(/Playlist name/, ' Kids ');
    type(/Playlist URL/, 'http://lists.example.com/kids.m3u');
    type(/XMLTV EPG URL/, 'http://epg.example.com/guide.xml');
    fireEvent.click(screen.getByLabelText(/Protect this playlist/));
    type(/^PIN/, '4821');
    type(/Confirm PIN/, '4821');
    save();

    await waitFor(() => expect(saveCalls()).toHaveLength(1));
    expect(sentBody()).toEqual({
      mac_address: 'AA:BB:CC:DD:EE:FF',
      app_id: 3,
      playlist_url: 'http://lists.example.com/kids.m3u',
      playlist_name: 'Kids',
      app_platform: 'IBOPLAYER',
      app_url: 'https://ibo.example.com',
      protect: true,
      xml_url: 'http://epg.example.com/guide.xml',
      pin: '4821',
      pin_confirmation: '4821',
      playlist_type: 'general',
      username: null,
      password: null,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith('Playlist saved successfully.');
  });

  it('sends an XC playlist with its username and password, unprotected', async () => {
    setup();
    fireEvent.click(screen.getByLabelText('XC (Xtream Codes)'));
    type(/Playlist name/, 'Provider');
    type(/Username/, 'viewer');
    type(/^Password/, 's3cret!');
    type(/Server URL/, 'http://xc.example.com:8080');
    save();

    await waitFor(() => expect(saveCalls()).toHaveLength(1));
    expect(sentBody()).toMatchObject({
      playlist_type: 'xc',
      playlist_name: 'Provider',
      playlist_url: 'http://xc.example.com:8080',
      username: 'viewer',
      password: 's3cret!',
      protect: false,
      pin: null,
      pin_confirmation: null,
      xml_url: null,
    });
  });

  it("words the catalogue codes the specification's way", async () => {
    fetchMock.mockImplementation(async () =>
      json(404, { status: false, statusCode: 'C10404', code: 'C10404', msg: 'Some other text', errors: {} }),
    );
    setup();
    type(/Playlist name/, 'Sports');
    type(/Playlist URL/, 'http://lists.example.com/sports.m3u');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Device not found in the selected application');
  });

  it('shows the server message, or that no response came', async () => {
    fetchMock.mockImplementation(async () => json(400, { status: false, statusCode: 400, code: 'BAD_REQUEST', msg: 'Selected application not found.' }));
    setup();
    type(/Playlist name/, 'Sports');
    type(/Playlist URL/, 'http://lists.example.com/sports.m3u');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Selected application not found.');

    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No response received from the server'));
  });

  it("puts a 422's messages under their fields", async () => {
    fetchMock.mockImplementation(async () =>
      json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'The given data was invalid.', errors: { xml_url: ['Please enter a valid URL'] } }),
    );
    setup();
    type(/Playlist name/, 'Sports');
    type(/Playlist URL/, 'http://lists.example.com/sports.m3u');
    type(/XMLTV EPG URL/, 'http://epg.example.com/guide.xml');
    save();
    expect(await screen.findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
