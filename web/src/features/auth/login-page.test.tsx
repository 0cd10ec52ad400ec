import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginPasskeyOptionsEndpoint } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderRoutes, sentBodies, stubFetch } from '../../test-utils';
import { LoginPage } from './login-page';
import { Landing } from './test-utils';

/** jsdom has no WebAuthn: the browser's passkey prompt is stood in for. */
const browser = vi.hoisted(() => ({ assert: vi.fn() }));
vi.mock('../../lib/passkey', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/passkey')>()),
  passkeysSupported: () => true,
  assertWithPasskey: browser.assert,
}));

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/:prefix/admin-login', element: <LoginPage /> },
  { path: '/email-verification-page', element: <Landing name="verification page" /> },
  { path: '/set-passcode-modal', element: <Landing name="passcode page" /> },
  { path: '/dashboard', element: <Landing name="dashboard" /> },
];

const answer = (status: number, body: unknown) => stubFetch(async () => json(status, body));

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), email);
  if (password) await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('LoginPage', () => {
  it('checks the fields before calling the server', async () => {
    const fetchMock = answer(200, {});
    renderRoutes(routes, '/login');
    await signIn('not-an-email', '');
    expect(await screen.findByText('Please enter a valid email.')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends an unverified account to the e-mail verification page', async () => {
    answer(403, { status: false, statusCode: 10095, code: '10095', msg: 'Not verified', message: 'Not verified' });
    renderRoutes(routes, '/login');
    await signIn('new@example.com', 'Secret1!');
    expect(await screen.findByText('verification page /email-verification-page?email=new%40example.com')).toBeInTheDocument();
  });

  it('shows Invalid credentials! for a wrong password', async () => {
    answer(401, { status: false, statusCode: 401, code: 'INVALID_CREDENTIALS', msg: 'x', message: 'x' });
    renderRoutes(routes, '/login');
    await signIn('a@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials!');
  });

  it('signs in on the admin prefix and asks for a passcode first when there is none', async () => {
    const fetchMock = answer(200, {
      status: true,
      msg: 'ok',
      token: 't0k3n',
      permissions: ['user-roles'],
      hasPasscode: false,
      data: { IBOReseller: { name: 'Admin', email: 'admin@example.com' } },
      statusCode: 200,
      httpCode: 200,
      expiresAt: new Date().toISOString(),
    });
    renderRoutes(routes, '/s3cret/admin-login');
    expect(screen.queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
    await signIn('admin@example.com', 'Secret1!');
    expect(await screen.findByText('passcode page /set-passcode-modal')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/s3cret\/admin-login$/);
    expect(session.token()).toBe('t0k3n');
    expect(session.permissions()).toEqual(['user-roles']);
  });
});

describe('LoginPage: the second step', () => {
  const challenge = {
    status: true,
    msg: 'Enter the code',
    two_factor_required: true,
    challenge: 'ch4ll3nge',
    methods: ['totp', 'recovery'],
    statusCode: 200,
    httpCode: 200,
    expiresAt: new Date().toISOString(),
  };
  const signedIn = {
    status: true,
    msg: 'ok',
    token: 't0k3n',
    permissions: ['reseller-list'],
    hasPasscode: true,
    data: { IBOReseller: { id: 3, name: 'Rita', email: 'rita@example.com', credit_point: 0, status: 1 } },
    statusCode: 200,
    httpCode: 200,
    expiresAt: new Date().toISOString(),
  };

  it('asks for the app code after the password and signs in with it', async () => {
    const fetchMock = stubFetch(async (url) => (url.pathname === '/api/login' ? json(200, challenge) : json(200, signedIn)));
    renderRoutes(routes, '/login');
    await signIn('rita@example.com', 'Secret1!');
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(session.token()).toBeUndefined();
    const user = userEvent.setup();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('dashboard /dashboard')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/login/two-factor')).toEqual([{ challenge: 'ch4ll3nge', code: '123456' }]);
    expect(session.token()).toBe('t0k3n');
  });

  it('takes a recovery code instead, and shows the message of a wrong one under the field', async () => {
    const fetchMock = stubFetch(async (url) =>
      url.pathname === '/api/login'
        ? json(200, challenge)
        : json(401, { status: false, statusCode: 401, code: 'INVALID_TWO_FACTOR_CODE', msg: 'This code is not valid.', message: 'This code is not valid.' }),
    );
    renderRoutes(routes, '/login');
    await signIn('rita@example.com', 'Secret1!');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field).toHaveAttribute('autocomplete', 'off');
    await user.type(field, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not valid.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/login/two-factor')).toEqual([{ challenge: 'ch4ll3nge', code: 'abcde-fghij' }]);
    expect(session.token()).toBeUndefined();
  });

  it('goes back to the password with the reason when the challenge has expired', async () => {
    stubFetch(async (url) =>
      url.pathname === '/api/login'
        ? json(200, challenge)
        : json(401, { status: false, statusCode: 401, code: 'CHALLENGE_EXPIRED', msg: 'This sign-in has expired.', message: 'This sign-in has expired.' }),
    );
    renderRoutes(routes, '/login');
    await signIn('rita@example.com', 'Secret1!');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
  const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };

  it('offers the passkey first to an account with passkeys only, and signs in with it', async () => {
    browser.assert.mockReset().mockResolvedValue(ASSERTION);
    const fetchMock = stubFetch(async (url) => (url.pathname === '/api/login' ? json(200, { ...challenge, methods: ['passkey', 'recovery'] }) : json(200, signedIn)));
    renderRoutes(routes, '/login');
    await signIn('rita@example.com', 'Secret1!');
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('dashboard /dashboard')).toBeInTheDocument();
    expect(browser.assert).toHaveBeenCalledWith(loginPasskeyOptionsEndpoint, { challenge: 'ch4ll3nge' }, { allowUnauthorized: true });
    expect(sentBodies(fetchMock, '/api/login/two-factor')).toEqual([{ challenge: 'ch4ll3nge', passkey: ASSERTION }]);
  });

  it('shows a passkey button beside the app code, and says so when the prompt is closed', async () => {
    browser.assert.mockReset().mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    stubFetch(async () => json(200, { ...challenge, methods: ['totp', 'passkey', 'recovery'] }));
    renderRoutes(routes, '/login');
    await signIn('rita@example.com', 'Secret1!');
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByText('The passkey was not used. Try again, or choose another way.')).toBeInTheDocument();
  });
});
