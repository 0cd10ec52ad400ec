import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { CreatePasswordPage } from './create-password-page';
import { LoginPage } from './login-page';
import { Landing } from './test-utils';

const routes = [
  { path: '/create-password', element: <CreatePasswordPage /> },
  { path: '/login', element: <Landing name="login page" /> },
];

describe('CreatePasswordPage', () => {
  it.each(['/create-password', '/create-password?email=a%40b.co', '/create-password?token=abc', '/create-password?email=&token=abc'])(
    'redirects %s to /login when the e-mail or token is missing',
    async (entry) => {
      const router = renderRoutes(routes, entry);
      expect(await screen.findByText('login page /login')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('shows the password form for a link with both e-mail and token', async () => {
    renderRoutes(routes, '/create-password?email=a%40b.co&token=abc');
    expect(await screen.findByRole('heading', { name: 'Create your password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm password/, { selector: 'input' })).toBeInTheDocument();
  });

  describe('once the password is created', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('opens the sign-in page with the e-mail filled in', async () => {
      stubFetch(async () => json(200, { status: true, msg: 'Password created.', statusCode: 200, message: 'Password created.' }));
      renderRoutes([routes[0]!, { path: '/login', element: <LoginPage /> }], '/create-password?email=a%40b.co&token=abc');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Passw0rd');
      await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'Str0ng!Passw0rd');
      await user.click(screen.getByRole('button', { name: 'Create password' }));
      expect(await screen.findByLabelText(/^Email/, { selector: 'input' })).toHaveValue('a@b.co');
    });
  });
});
