import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../lib/session';
import { json, renderWithProviders, stubFetch } from '../../test-utils';
import { SecurityPage } from './security-page';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

function serve(profile: Record<string, unknown>, extra: Record<string, () => Response> = {}) {
  return stubFetch(async (url, init) => {
    const answer = extra[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (answer) return answer();
    switch (url.pathname) {
      case '/api/profile':
        return json(200, { status: true, msg: 'OK', data: { id: 3, name: 'Rita', email: 'rita@example.com', hasPasscode: false, expiry_reminders: true, ...profile } });
      case '/api/two-factor':
        return json(200, { status: true, msg: 'OK', data: { totp: false, recovery_codes_left: 0 } });
      case '/api/sessions':
      case '/api/passkeys':
        return json(200, { status: true, msg: 'OK', data: [] });
      default:
        return json(200, { status: true, msg: 'OK', data: {} });
    }
  });
}

describe('SecurityPage', () => {
  it('tells an account its parent requires a second factor, and shows only its setup until then', async () => {
    session.save('t0k3n', ['add-sub-reseller'], false);
    const fetchMock = serve({ two_factor_setup_required: true, two_factor_required_by: 'parent' });
    renderWithProviders(<SecurityPage />);
    const banner = await screen.findByRole('alert', { name: 'Two-factor authentication is required' });
    expect(banner).toHaveTextContent('Two-factor authentication is required');
    expect(banner).toHaveTextContent('Your parent reseller requires two-factor authentication for your account.');
    expect(await screen.findByRole('button', { name: 'Turn on two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Require it of my sub-resellers' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.pathname === '/api/profile/security')).toBe(false);
  });

  it("lets a parent require a second factor of its sub-resellers", async () => {
    session.save('t0k3n', ['add-sub-reseller'], false);
    const fetchMock = serve(
      {},
      {
        'GET /api/profile/security': () => json(200, { status: true, msg: 'OK', data: { require_two_factor_sub_resellers: false } }),
        'PATCH /api/profile/security': () => json(200, { status: true, msg: 'Security settings saved.', data: { require_two_factor_sub_resellers: true } }),
      },
    );
    renderWithProviders(<SecurityPage />);
    const toggle = await screen.findByRole('switch', { name: /Require it of my sub-resellers/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.queryByText('Two-factor authentication is required')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/profile/security' && init?.method === 'PATCH').map(([, init]) => JSON.parse(init!.body as string))).toEqual([
        { require_two_factor_sub_resellers: true },
      ]),
    );
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('gives the admin its two switches', async () => {
    session.save('t0k3n', ['security-settings', 'add-sub-reseller'], false);
    serve({}, { 'GET /api/settings/security': () => json(200, { status: true, msg: 'OK', data: { require_two_factor_admins: true, require_two_factor_resellers: false } }) });
    renderWithProviders(<SecurityPage />);
    const admins = await screen.findByRole('switch', { name: /Require it of every admin account/ });
    await waitFor(() => expect(admins).toBeChecked());
    expect(screen.getByRole('switch', { name: /Require it of every reseller and sub-reseller/ })).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: /my sub-resellers/ })).not.toBeInTheDocument();
  });

  it('gives the admin the undo window of activations: checked by the rule before it is sent, then saved', async () => {
    session.save('t0k3n', ['security-settings'], false);
    const fetchMock = serve(
      {},
      {
        'GET /api/settings/security': () => json(200, { status: true, msg: 'OK', data: { require_two_factor_admins: false, require_two_factor_resellers: false } }),
        'GET /api/settings/activation-undo': () => json(200, { status: true, msg: 'OK', data: { undo_window_hours: 24 } }),
        'PATCH /api/settings/activation-undo': () => json(200, { status: true, msg: 'Undo window saved.', data: { undo_window_hours: 0 } }),
      },
    );
    renderWithProviders(<SecurityPage />);
    const hours = await screen.findByRole('textbox', { name: 'Undo window (hours)' });
    await waitFor(() => expect(hours).toHaveValue('24'));
    const patches = () => fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/settings/activation-undo' && init?.method === 'PATCH');
    fireEvent.change(hours, { target: { value: '721' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number of hours from 0 to 720.')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    fireEvent.change(hours, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches().map(([, init]) => JSON.parse(init!.body as string))).toEqual([{ undo_window_hours: 0 }]));
  });

  it('shows no undo window to a reseller', async () => {
    session.save('t0k3n', ['add-sub-reseller'], false);
    serve({}, { 'GET /api/profile/security': () => json(200, { status: true, msg: 'OK', data: { require_two_factor_sub_resellers: false } }) });
    renderWithProviders(<SecurityPage />);
    await screen.findByRole('switch', { name: /Require it of my sub-resellers/ });
    expect(screen.queryByText('Undo of activations')).not.toBeInTheDocument();
  });
});
