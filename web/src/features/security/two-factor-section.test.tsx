import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithProviders, sentBodies, stubFetch } from '../../test-utils';
import { StepUpProvider } from './step-up-modal';
import { TwoFactorSection } from './two-factor-section';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Reseller%20Panel:rita%40example.com?issuer=Reseller%20Panel&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`);

afterEach(() => vi.unstubAllGlobals());

function fakeServer(options: { on?: boolean; confirm?: () => Response; passkeys?: unknown[] } = {}) {
  let on = options.on ?? false;
  const passkeys = options.passkeys ?? [];
  return stubFetch(async (url) => {
    switch (url.pathname) {
      case '/api/two-factor':
        return json(200, { status: true, msg: 'OK', data: { totp: on, recovery_codes_left: on ? 10 : passkeys.length > 0 ? 3 : 0 } });
      case '/api/passkeys':
        return json(200, { status: true, msg: 'OK', data: passkeys });
      case '/api/two-factor/recovery-codes':
        return json(200, { status: true, msg: 'New recovery codes.', data: { recovery_codes: CODES } });
      case '/api/two-factor/totp/setup':
        return json(200, { status: true, msg: 'Scan', data: { secret: SECRET, uri: URI } });
      case '/api/two-factor/totp/confirm': {
        const answer = options.confirm?.();
        if (answer) return answer;
        on = true;
        return json(200, { status: true, msg: 'Two-factor authentication is on.', data: { recovery_codes: CODES } });
      }
      case '/api/two-factor/disable':
        on = false;
        return json(200, { status: true, msg: 'Two-factor authentication is off.' });
      default:
        return json(200, { status: true, msg: 'OK', data: { email: 'rita@example.com' } });
    }
  });
}

describe('TwoFactorSection', () => {
  it('shows the QR code and the key, confirms a code from the app and shows the ten recovery codes once', async () => {
    const fetchMock = fakeServer();
    renderWithProviders(<TwoFactorSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add this account to an authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('Setup key')).toHaveValue('JBSW Y3DP EHPK 3PXP\nJBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('button', { name: 'Copy the setup key' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent('aaaa0-bbbb0');
    expect(sentBodies(fetchMock, '/api/two-factor/totp/confirm')).toEqual([{ code: '123456' }]);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    // Gone for good: the status says on, and no code is left on the screen.
    expect(await screen.findByText('10 unused recovery codes left')).toBeInTheDocument();
    expect(screen.queryByText('aaaa0-bbbb0')).not.toBeInTheDocument();
  });

  it("keeps the setup open with the server's message when the code is wrong", async () => {
    fakeServer({
      confirm: () => json(401, { status: false, statusCode: 401, code: 'INVALID_TWO_FACTOR_CODE', msg: 'This code is not valid.', message: 'This code is not valid.' }),
    });
    renderWithProviders(<TwoFactorSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Setup key')).toBeInTheDocument();
  });

  it('turns the factor off without asking for the password; an old confirmation brings the step-up modal', async () => {
    let confirmed = false;
    const server = fakeServer({ on: true });
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/step-up') {
        confirmed = true;
        return json(200, { status: true, msg: 'Confirmed', data: { confirmed_until: '2026-11-26T11:00:00.000Z' } });
      }
      if (url.pathname === '/api/two-factor/disable' && !confirmed) {
        return json(403, { status: false, statusCode: 403, code: 'STEP_UP_REQUIRED', msg: 'Confirm it is you.', message: 'Confirm it is you.' });
      }
      return server(url, init);
    });
    renderWithProviders(
      <>
        <StepUpProvider />
        <TwoFactorSection />
      </>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.type(within(dialog).getByLabelText('Authentication code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Turn on two-factor authentication' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/step-up')).toEqual([{ code: '654321' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/two-factor/disable')).toHaveLength(2);
  });

  it('with passkeys only: says the factor is on, and manages the recovery codes without the app', async () => {
    const fetchMock = fakeServer({ passkeys: [{ id: 1, name: 'Laptop', created_at: '2026-11-01T10:00:00.000Z', last_used_at: null }] });
    const user = userEvent.setup();
    renderWithProviders(<TwoFactorSection />);
    expect(await screen.findByText('3 unused recovery codes left')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on two-factor authentication' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    expect(await screen.findByText(CODES[0]!)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/two-factor/recovery-codes')).toHaveLength(1);
  });
});
