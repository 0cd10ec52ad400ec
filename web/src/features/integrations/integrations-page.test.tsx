import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { privateRoutes } from '../../app/private-routes';
import { Sidebar } from '../../app/layout/sidebar';
import { session } from '../../lib/session';
import { json, renderRoutes, renderWithProviders, stubFetch } from '../../test-utils';
import { IntegrationsPage } from './integrations-page';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('Profile → Integrations', () => {
  it("is routed at /profile/integrations for accounts with the 'webhooks' or 'api-keys' permission", () => {
    const route = privateRoutes.find((r) => r.path === '/profile/integrations');
    expect(route).toMatchObject({ titleKey: 'nav.integrations', permission: ['webhooks', 'api-keys'], redirect: '/403' });
  });

  it('is in the Settings group of the sidebar only for those accounts', async () => {
    const user = userEvent.setup();
    session.save('t0k3n', ['webhooks'], false);
    renderRoutes([{ path: '/dashboard', element: <Sidebar onNavigate={() => undefined} /> }], '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('link', { name: 'Integrations' })).toHaveAttribute('href', '/profile/integrations');
    cleanup();

    session.save('t0k3n', ['audit-log'], false);
    renderRoutes([{ path: '/dashboard', element: <Sidebar onNavigate={() => undefined} /> }], '/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('link', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
  });

  it('starts its sections at h2 under the shell’s h1', async () => {
    session.save('t0k3n', ['webhooks', 'api-keys'], false);
    stubFetch(async (url) => json(200, { status: true, msg: 'OK', data: String(url).includes('low-credit') ? { threshold: null } : [] }));
    renderWithProviders(<IntegrationsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Webhook endpoints' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Low-balance alert' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'API keys' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe('Profile → Integrations sections', () => {
  it('shows only the API keys to an account with api-keys alone', async () => {
    session.save('t0k3n', ['api-keys'], false);
    stubFetch(async () => json(200, { status: true, msg: 'OK', data: [] }));
    renderWithProviders(<IntegrationsPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'API keys' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Webhook endpoints' })).not.toBeInTheDocument();
  });
});
