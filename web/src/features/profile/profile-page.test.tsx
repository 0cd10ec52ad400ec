import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../lib/session';
import { json, renderRoutes, sentBodies, stubFetch } from '../../test-utils';
import { ProfilePage } from './profile-page';

const profile = (expiryReminders: boolean) =>
  json(200, {
    status: true,
    msg: 'OK',
    data: {
      id: 7,
      name: 'Rita Reseller',
      email: 'rita@example.com',
      hasPasscode: true,
      expiry_reminders: expiryReminders,
      IBOReseller: { id: 7, name: 'Rita Reseller', email: 'rita@example.com', credit_point: 10, status: 1 },
    },
  });

afterEach(() => vi.unstubAllGlobals());

// In a router: the page links to the security screen.
const renderProfilePage = () => renderRoutes([{ path: '/profile-setting', element: <ProfilePage /> }], '/profile-setting');

describe('ProfilePage: security', () => {
  it('links to the sessions and sign-in security screen', async () => {
    stubFetch(async () => profile(true));
    renderProfilePage();
    expect(await screen.findByRole('link', { name: 'Sessions and sign-in security' })).toHaveAttribute('href', '/profile/security');
  });
});

describe('ProfilePage: integrations', () => {
  afterEach(() => session.clear());

  it("links to Integrations for an account with the 'webhooks' permission, and only then", async () => {
    stubFetch(async () => profile(true));
    session.save('t0k3n', ['webhooks'], false);
    renderProfilePage();
    expect(await screen.findByRole('link', { name: 'Webhooks and bots' })).toHaveAttribute('href', '/profile/integrations');
  });

  it('shows no such link without it', async () => {
    stubFetch(async () => profile(true));
    session.save('t0k3n', [], false);
    renderProfilePage();
    expect(await screen.findByRole('link', { name: 'Sessions and sign-in security' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Webhooks and bots' })).not.toBeInTheDocument();
  });
});

describe('ProfilePage: expiry reminders', () => {
  it('shows the switch as the profile says and turns the reminders off', async () => {
    let on = true;
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/profile/expiry-reminders') {
        on = (JSON.parse(init!.body as string) as { expiry_reminders: boolean }).expiry_reminders;
        return json(200, { status: true, msg: 'Expiry reminders turned off.' });
      }
      return profile(on);
    });
    renderProfilePage();
    const toggle = await screen.findByRole('switch', { name: 'Expiry reminders' });
    expect(toggle).toBeChecked();
    expect(screen.getByText(/expire within the next 7 days, with a link to Renewals due/)).toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(sentBodies(fetchMock, '/api/profile/expiry-reminders')).toEqual([{ expiry_reminders: false }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Expiry reminders' })).not.toBeChecked());
  });

  it('puts the switch back when the call fails', async () => {
    const fetchMock = stubFetch(async (url) =>
      url.pathname === '/api/profile/expiry-reminders'
        ? json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Something went wrong', message: 'Something went wrong', errors: {} })
        : profile(false),
    );
    renderProfilePage();
    const toggle = await screen.findByRole('switch', { name: 'Expiry reminders' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    // Sent while shown on (and disabled), then back off once the call failed.
    await waitFor(() => expect(sentBodies(fetchMock, '/api/profile/expiry-reminders')).toEqual([{ expiry_reminders: true }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Expiry reminders' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Expiry reminders' })).not.toBeChecked();
  });
});

describe('ProfilePage: low-balance alert', () => {
  it('shows the low-balance threshold to every account, and saves it there (issue 27)', async () => {
    let threshold: number | null = null;
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/profile/low-credit') {
        if (init?.method === 'PATCH') threshold = (JSON.parse(init.body as string) as { threshold: number | null }).threshold;
        return json(200, { status: true, msg: 'Low-balance threshold saved.', data: { threshold } });
      }
      return profile(true);
    });
    renderProfilePage();
    expect(await screen.findByRole('heading', { name: 'Low-balance alert' })).toBeInTheDocument();
    expect(screen.getByText(/you get one e-mail/)).toBeInTheDocument();
    const input = await screen.findByRole('textbox', { name: /Alert under/ });
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' }).at(-1)!);
    const patches = () => fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/profile/low-credit' && init?.method === 'PATCH').map(([, init]) => JSON.parse(init!.body as string) as unknown);
    await waitFor(() => expect(patches()).toEqual([{ threshold: 25 }]));
  });
});
