import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedApplications, chooseModule, type FetchMock, json, renderWithProviders, stubFetch } from '../../test-utils';
import { DisableMacPage, EnableMacPage } from './device-toggle-page';
import { formatRecordDay } from '../../lib/format';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const applications = [
  { id: 1, app_name: 'IBOPLAYER', app_logo: null, app_place_location: null, needs_device_key: true },
  { id: 5, app_name: 'SMARTERS', app_logo: null, app_place_location: null, needs_device_key: false },
];

const macBox = () => screen.getByLabelText(/MAC address/);

describe('Disable MAC and Enable MAC', () => {
  let fetchMock: FetchMock;
  let answer: () => Response;
  beforeEach(() => {
    answer = () =>
      json(200, {
        status: true,
        msg: 'Device disabled successfully.',
        data: [{ mac_address: 'aa:bb:cc:dd:ee:ff', module: 'SMARTERS', expire_date: '2026-03-09T00:00:00.000Z', status: 'expired' }],
      });
    fetchMock = stubFetch(async (url) => {
      if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(applications);
      return answer();
    });
    toasts.success.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.pathname === path);
  const bodyOf = (path: string) => JSON.parse(calls(path)[0]![1]!.body as string) as unknown;

  it('asks for the module first, then a well-formed MAC address', async () => {
    renderWithProviders(<DisableMacPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Disable MAC' }));
    expect(await screen.findByText('Please select a module first')).toBeInTheDocument();

    await chooseModule('SMARTERS');
    fireEvent.change(macBox(), { target: { value: 'AA:BB:CC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable MAC' }));
    expect(await screen.findByText('MAC address is in an invalid format.')).toBeInTheDocument();
    expect(calls('/api/disable-device')).toHaveLength(0);
  });

  it('disables with is_trial 0 and shows the new expiry and status', async () => {
    renderWithProviders(<DisableMacPage />);
    await chooseModule('SMARTERS');
    fireEvent.change(macBox(), { target: { value: 'aabbccddeeff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable MAC' }));

    await waitFor(() => expect(calls('/api/disable-device')).toHaveLength(1));
    expect(bodyOf('/api/disable-device')).toEqual({ mac_address: 'AA:BB:CC:DD:EE:FF', module: ['SMARTERS'], app_id: 5, is_trial: 0 });
    const result = await screen.findByRole('region', { name: 'The device now' });
    expect(within(result).getByText(formatRecordDay('2026-03-09T00:00:00.000Z'))).toBeInTheDocument();
    expect(within(result).getByText('Expired')).toBeInTheDocument();
    expect(toasts.success).toHaveBeenCalledWith('Device disabled successfully.');
  });

  it('enables with is_trial 2', async () => {
    answer = () =>
      json(200, {
        status: true,
        msg: 'Device enabled successfully.',
        data: [{ mac_address: 'aa:bb:cc:dd:ee:ff', module: 'IBOPLAYER', expire_date: '2026-09-01T00:00:00.000Z', status: 'active' }],
      });
    renderWithProviders(<EnableMacPage />);
    await chooseModule('IBOPLAYER');
    fireEvent.change(macBox(), { target: { value: 'AA-BB-CC-DD-EE-FF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enable MAC' }));

    await waitFor(() => expect(calls('/api/enable-device')).toHaveLength(1));
    expect(bodyOf('/api/enable-device')).toEqual({ mac_address: 'AA:BB:CC:DD:EE:FF', module: ['IBOPLAYER'], app_id: 1, is_trial: 2 });
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(calls('/api/disable-device')).toHaveLength(0);
  });

  it("shows the server's refusal as it comes", async () => {
    answer = () => json(409, { status: false, statusCode: 409, code: 'DEVICE_ALREADY_DISABLED', msg: 'Device is already disabled!', errors: {} });
    renderWithProviders(<DisableMacPage />);
    await chooseModule('SMARTERS');
    fireEvent.change(macBox(), { target: { value: 'AA:BB:CC:DD:EE:FF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Disable MAC' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Device is already disabled!');
    expect(screen.queryByRole('region', { name: 'The device now' })).not.toBeInTheDocument();
  });
});
