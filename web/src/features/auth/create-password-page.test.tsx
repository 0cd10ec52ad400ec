import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoutes } from '../../test-utils';
import { CreatePasswordPage } from './create-password-page';
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
});
