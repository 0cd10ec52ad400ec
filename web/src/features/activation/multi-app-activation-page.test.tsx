import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_PERMISSIONS } from '@panel/contract';
import { allowedApplications, json, renderWithProviders, sentBodies, stubFetch, testQueryClient } from '../../test-utils';
import { MultiAppActivationPage } from './multi-app-activation-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const NAMES = ['IBOPLAYER', 'BOBPLAYER', 'IBOPRO', 'ABEPLAYER', 'VIRGINIA'];
const applications = (names = NAMES) =>
  names.map((app_name, i) => ({ id: i + 1, app_name, app_logo: i === 0 ? '/uploads/ibo.png' : null, app_place_location: null, needs_device_key: false }));

type Route = (body: Record<string, unknown>) => Response;

function setup(routes: Record<string, Route> = {}, names = NAMES) {
  const fetchMock = stubFetch(async (url, init) => {
    if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications(applications(names));
    const route = routes[url.pathname];
    if (!route) return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', errors: {} });
    return route(JSON.parse((init?.body as string | undefined) ?? '{}') as Record<string, unknown>);
  });
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderWithProviders(<MultiAppActivationPage />, client);
  const bodies = (path: string) => sentBodies(fetchMock, path);
  return { fetchMock, invalidate, bodies };
}

const chip = (name: string) => screen.getByRole('checkbox', { name });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Check and activate' }));

async function fillForm(apps: string[], pkg: '1 Year' | 'Lifetime', mac: string) {
  await screen.findByRole('checkbox', { name: 'IBOPLAYER' });
  for (const name of apps) fireEvent.click(chip(name));
  fireEvent.click(screen.getByRole('radio', { name: pkg }));
  fireEvent.change(screen.getByRole('textbox', { name: /MAC address/ }), { target: { value: mac } });
}

const statusAnswer = {
  status: true,
  msg: 'ok',
  data: {
    responseDataArray: {
      '1': { status: 'active', message: 'Device is active', expire_date: '2026-08-01T00:00:00.000Z' },
      '2': { status: 'lifeTime', message: 'Already activated for life', expire_date: null },
      '3': { status: 'expired', message: 'Device has expired', expire_date: '2026-01-01T00:00:00.000Z' },
    },
  },
};

describe('MultiAppActivationPage', () => {
  beforeEach(() => {
    Cookies.set(COOKIE_PERMISSIONS, 'multi apps activation,multi apps activation-remarks');
    toasts.error.mockClear();
    toasts.success.mockClear();
  });
  afterEach(() => {
    Cookies.remove(COOKIE_PERMISSIONS);
    vi.unstubAllGlobals();
  });

  it("shows each app's logo in its chip where one is set", async () => {
    setup();
    const ibo = (await screen.findByRole('checkbox', { name: 'IBOPLAYER' })).closest('div')!;
    expect(ibo.querySelector('img')).toHaveAttribute('src', '/uploads/ibo.png');
    expect(chip('BOBPLAYER').closest('div')!.querySelector('img')).toBeNull();
  });

  it('refuses a fifth app with the specification message and keeps the four chosen', async () => {
    setup();
    await screen.findByRole('checkbox', { name: 'IBOPLAYER' });
    for (const name of NAMES.slice(0, 4)) fireEvent.click(chip(name));
    expect(screen.queryByText('You already selected 4 apps')).not.toBeInTheDocument();
    fireEvent.click(chip('VIRGINIA'));
    expect(screen.getByText('You already selected 4 apps')).toBeInTheDocument();
    expect(chip('VIRGINIA')).not.toBeChecked();
    for (const name of NAMES.slice(0, 4)) expect(chip(name)).toBeChecked();
    expect(screen.getByText('4 of 4 selected')).toBeInTheDocument();

    // Letting one go makes room again.
    fireEvent.click(chip('IBOPLAYER'));
    fireEvent.click(chip('VIRGINIA'));
    expect(chip('VIRGINIA')).toBeChecked();
    expect(screen.queryByText('You already selected 4 apps')).not.toBeInTheDocument();
  });

  it('asks for an app, a package and a MAC address before calling the server', async () => {
    const { bodies } = setup();
    await screen.findByRole('checkbox', { name: 'IBOPLAYER' });
    submit();
    expect(screen.getByText('Please select at least one app')).toBeInTheDocument();
    expect(screen.getByText('Please select a package: 1-Year or Lifetime.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a MAC address')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /MAC address/ }), { target: { value: 'AA:BB' } });
    submit();
    expect(screen.getByText('Invalid MAC address format')).toBeInTheDocument();
    expect(bodies('/api/check-device-status-multi-app')).toHaveLength(0);
  });

  it('shows each app status, confirms the quoted cost and activates only the apps that may be activated', async () => {
    const { bodies, invalidate } = setup({
      '/api/check-device-status-multi-app': () => json(200, statusAnswer),
      '/api/bulk-multi-app-activate': (body) => {
        const confirmed = (body.requestData as { isConfirmed: boolean }).isConfirmed;
        return json(200, {
          status: true,
          msg: confirmed ? 'Activated 2 apps.' : 'Price',
          activated: confirmed,
          credit_points: 4,
          credit_point: confirmed ? 6 : 10,
          activated_devices: confirmed
            ? [
                { mac_address: 'aa:bb:cc:dd:ee:ff', module: 'IBOPLAYER', expire_date: '9999-12-31T00:00:00.000Z', is_lifetime: true },
                { mac_address: 'aa:bb:cc:dd:ee:ff', module: 'IBOPRO', expire_date: '9999-12-31T00:00:00.000Z', is_lifetime: true },
              ]
            : [],
        });
      },
    });
    await fillForm(['IBOPLAYER', 'BOBPLAYER', 'IBOPRO'], 'Lifetime', 'aabb.ccdd-eeff');
    expect(screen.getByText('This activation will cost 4 credit points.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Remarks' }), { target: { value: '  shop 7 ' } });
    submit();

    const status = await screen.findByRole('dialog', { name: 'Device status per app' });
    expect(bodies('/api/check-device-status-multi-app')).toEqual([{ macAddress: 'aa:bb:cc:dd:ee:ff', app_id: [1, 2, 3] }]);
    // The address as the result and every list show it (the stored form), not as typed.
    expect(within(status).getByText('aa:bb:cc:dd:ee:ff')).toBeInTheDocument();
    const row = (name: string) => within(status).getByRole('row', { name: new RegExp(name) });
    expect(within(row('BOBPLAYER')).getByText('Cannot be activated')).toBeInTheDocument();
    expect(within(row('BOBPLAYER')).getByText('Already activated for life')).toBeInTheDocument();
    expect(within(row('IBOPLAYER')).getByText('Can be activated')).toBeInTheDocument();
    expect(within(row('IBOPRO')).getByText('Can be activated')).toBeInTheDocument();
    expect(bodies('/api/bulk-multi-app-activate')).toHaveLength(0);

    fireEvent.click(within(status).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm activation' });
    const summary = within(confirm).getByRole('group', { name: 'What happens' });
    expect(within(summary).getByText('4 credit points')).toBeInTheDocument();
    expect(summary).toHaveTextContent(/aa:bb:cc:dd:ee:ff · IBOPLAYER, IBOPRO/);
    expect(within(confirm).getByText('Lifetime')).toBeInTheDocument();
    const [priceQuestion] = bodies('/api/bulk-multi-app-activate');
    expect(priceQuestion).toMatchObject({ requestData: { isConfirmed: false, app_ids: [1, 3] } });
    expect(invalidate).not.toHaveBeenCalled();

    const scrollIntoView = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(bodies('/api/bulk-multi-app-activate')).toHaveLength(2));
    expect(bodies('/api/bulk-multi-app-activate')[1]).toEqual({
      modules: ['IBOPLAYER', 'IBOPRO'],
      requestData: {
        is_trial: 2,
        macAddress: 'aa:bb:cc:dd:ee:ff',
        appType: 'multi-app',
        creditPoints: 4,
        isConfirmed: true,
        comment: 'shop 7',
        app_ids: [1, 3],
      },
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['credit-points'] }));
    expect(toasts.success).toHaveBeenCalledWith('Activated 2 apps.');
    const done = await screen.findByRole('table', { name: 'Apps activated' });
    expect(within(done).getAllByText('Lifetime')).toHaveLength(2);
    // Below the form, out of sight on a laptop: scrolled to (smoothly, motion allowed here) and focused for screen readers.
    const result = screen.getByRole('status');
    expect(result).toContainElement(done);
    expect(result).toHaveFocus();
    expect(scrollIntoView.mock.contexts).toContain(result);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'nearest' });
    scrollIntoView.mockRestore();
    expect(screen.getByText('4 credit points used. Your balance is now 6.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chip('IBOPLAYER')).not.toBeChecked();
  });

  it('offers Undo in the success message for the window, undoes every app of the request and says so', async () => {
    const until = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const { fetchMock } = setup({
      '/api/check-device-status-multi-app': () => json(200, statusAnswer),
      '/api/bulk-multi-app-activate': (body) => {
        const confirmed = (body.requestData as { isConfirmed: boolean }).isConfirmed;
        return json(200, {
          status: true,
          msg: confirmed ? 'Activated 2 apps.' : 'Price',
          activated: confirmed,
          credit_points: 2,
          credit_point: confirmed ? 8 : 10,
          activated_devices: confirmed
            ? [
                { mac_address: 'aa:bb:cc:dd:ee:ff', module: 'IBOPLAYER', expire_date: '2027-08-01T00:00:00.000Z', is_lifetime: false, activation_id: 41, undo_until: until },
                { mac_address: 'aa:bb:cc:dd:ee:ff', module: 'IBOPRO', expire_date: '2027-01-01T00:00:00.000Z', is_lifetime: false, activation_id: 42, undo_until: until },
              ]
            : [],
        });
      },
      '/api/activations/41/undo': () => json(200, { status: true, msg: 'one', data: { credit_points: 1, credit_point: 9 } }),
      '/api/activations/42/undo': () => json(200, { status: true, msg: 'two', data: { credit_points: 1, credit_point: 10 } }),
    });
    await fillForm(['IBOPLAYER', 'IBOPRO'], '1 Year', 'aa:bb:cc:dd:ee:ff');
    submit();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Device status per app' })).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm activation' })).getByRole('button', { name: 'Activate' }));
    await screen.findByRole('table', { name: 'Apps activated' });
    expect(screen.getByText(/You can undo this activation until/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo the activation of IBOPLAYER, IBOPRO on aa:bb:cc:dd:ee:ff' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Undo this activation?' })).getByRole('button', { name: 'Undo activation' }));
    expect(await screen.findByText('Activation undone')).toBeInTheDocument();
    expect(screen.getByText('The device is back to how it was and the credit points (2) are back on your balance.')).toBeInTheDocument();
    const undone = fetchMock.mock.calls.filter(([url]) => /^\/api\/activations\/\d+\/undo$/.test(url.pathname)).map(([url]) => url.pathname);
    expect(undone).toEqual(['/api/activations/41/undo', '/api/activations/42/undo']);
    expect(toasts.success).toHaveBeenLastCalledWith('Activations undone. Credit points refunded: 2.');
  });

  it('keeps pasted remarks past 255 characters whole, counts them, says the limit and checks nothing', async () => {
    const { fetchMock } = setup();
    await fillForm(['IBOPLAYER'], 'Lifetime', 'aa:bb:cc:dd:ee:ff');
    const remarks = screen.getByRole('textbox', { name: 'Remarks' });
    expect(remarks).not.toHaveAttribute('maxlength');
    fireEvent.change(remarks, { target: { value: 'r'.repeat(300) } });
    expect(remarks).toHaveValue('r'.repeat(300));
    expect(screen.getByText('300 / 255')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: at most 255 characters.')).toBeInTheDocument();
    submit();
    expect(remarks).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.filter(([url]) => url.pathname !== '/api/fetch-allowed-applications')).toHaveLength(0);
  });

  it('sends the 1-Year trial code and leaves out remarks without their permission', async () => {
    Cookies.set(COOKIE_PERMISSIONS, 'multi apps activation');
    const { bodies } = setup({
      '/api/check-device-status-multi-app': () =>
        json(200, { status: true, msg: 'ok', data: { responseDataArray: { '4': { status: 'trial', message: 'Trial', expire_date: null } } } }),
      '/api/bulk-multi-app-activate': () => json(200, { status: true, msg: 'ok', activated: false, credit_points: 1, credit_point: 5, activated_devices: [] }),
    });
    expect(screen.queryByRole('textbox', { name: 'Remarks' })).not.toBeInTheDocument();
    await fillForm(['ABEPLAYER'], '1 Year', 'AA:BB:CC:DD:EE:01');
    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    expect(within(await screen.findByRole('group', { name: 'What happens' })).getByText('1 credit point')).toBeInTheDocument();
    expect(bodies('/api/bulk-multi-app-activate')[0]).toMatchObject({
      modules: ['ABEPLAYER'],
      requestData: { is_trial: 3, comment: null, app_ids: [4], isConfirmed: false },
    });
  });

  it('offers no activation when every app is blocked', async () => {
    setup({
      '/api/check-device-status-multi-app': () =>
        json(200, {
          status: true,
          msg: 'ok',
          data: { responseDataArray: { '1': { status: 'error', message: 'Device not registered', expire_date: null } } },
        }),
    });
    await fillForm(['IBOPLAYER'], '1 Year', 'AA:BB:CC:DD:EE:FF');
    submit();
    const status = await screen.findByRole('dialog');
    expect(within(status).getByText('None of the selected apps can be activated on this device.')).toBeInTheDocument();
    expect(within(status).queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('shows the reason per app when the server refuses the activation, and charges nothing', async () => {
    const { invalidate } = setup({
      '/api/check-device-status-multi-app': () => json(200, statusAnswer),
      '/api/bulk-multi-app-activate': (body) =>
        (body.requestData as { isConfirmed: boolean }).isConfirmed
          ? json(422, {
              status: false,
              code: 'ACTIVATION_REFUSED',
              statusCode: 422,
              msg: 'Some of the selected apps cannot be activated on this device. Nothing was activated and no credit was used.',
              errors: { '3': ['The device was disabled meanwhile.'] },
            })
          : json(200, { status: true, msg: 'ok', activated: false, credit_points: 2, credit_point: 10, activated_devices: [] }),
    });
    await fillForm(['IBOPLAYER', 'IBOPRO'], '1 Year', 'AA:BB:CC:DD:EE:FF');
    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm activation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was activated and no credit was used.');
    expect(alert).toHaveTextContent('IBOPRO: The device was disabled meanwhile.');
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('words a failed activation with the specification fallbacks', async () => {
    let failure: Response = json(500, { status: false, code: 'INTERNAL', statusCode: 500, msg: 'boom', errors: {} });
    setup({
      '/api/check-device-status-multi-app': () => json(200, statusAnswer),
      '/api/bulk-multi-app-activate': (body) =>
        (body.requestData as { isConfirmed: boolean }).isConfirmed
          ? failure
          : json(200, { status: true, msg: 'ok', activated: false, credit_points: 1, credit_point: 10, activated_devices: [] }),
    });
    await fillForm(['IBOPLAYER'], '1 Year', 'AA:BB:CC:DD:EE:FF');
    submit();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm activation' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('An error occurred during bulk activation');

    failure = json(409, { status: false, code: 'CONFLICT', statusCode: 409, msg: 'conflict', errors: {} });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(within(confirm).getByRole('alert')).toHaveTextContent('Bulk activation failed'));

    failure = json(422, { status: false, code: 'INSUFFICIENT_CREDIT', statusCode: 422, msg: 'You do not have enough credit points.', errors: {} });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(within(confirm).getByRole('alert')).toHaveTextContent('You do not have enough credit points.'));
  });

  it('says so when there is no application to activate', async () => {
    setup({}, []);
    expect(await screen.findByText('No available applications to activate')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check and activate' })).toBeDisabled();
  });
});
