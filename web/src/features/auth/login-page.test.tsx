import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { LoginPage } from './login-page';
import { Landing } from './test-utils';

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
