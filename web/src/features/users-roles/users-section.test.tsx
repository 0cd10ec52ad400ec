import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@panel/contract';
import { json, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { UsersSection } from './users-section';

const ADMIN = { id: 1, name: 'admin' };

const user = (over: Partial<User> = {}): User => ({
  id: 1,
  name: 'Owner',
  email: 'owner@panel.test',
  roles: [ADMIN],
  is_disable_by_admin: 0,
  email_verified: true,
  created_at: '2026-11-20T10:00:00Z',
  two_factor: false,
  suspended: false,
  owner: true,
  ...over,
});

const OWNER = user();
const OTHER_ADMIN = user({ id: 2, name: 'Second admin', email: 'second@panel.test', owner: false });
const STAFF = user({ id: 3, name: 'Support', email: 'support@panel.test', owner: false, roles: [{ id: 4, name: 'Support' }] });

afterEach(() => vi.unstubAllGlobals());

/** A fake server: the users list, the caller's profile (owner or not), and the two suspension calls. */
function fakeServer(options: { owner: boolean; rows?: User[] }) {
  let rows = options.rows ?? [OWNER, OTHER_ADMIN, STAFF];
  return stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/profile') return json(200, { status: true, msg: 'OK', data: { id: options.owner ? 1 : 2, owner: options.owner } });
    if (url.pathname === '/api/users' && method === 'GET') {
      return json(200, { status: true, msg: 'OK', users: { current_page: 1, last_page: 1, per_page: 10, total: rows.length, data: rows } });
    }
    const suspended = /^\/api\/users\/(\d+)\/(suspend|reinstate)$/.exec(url.pathname);
    if (suspended && method === 'POST') {
      const id = Number(suspended[1]);
      const suspend = suspended[2] === 'suspend';
      rows = rows.map((r) => (r.id === id ? { ...r, suspended: suspend } : r));
      return json(200, { status: true, msg: suspend ? 'Admin suspended.' : 'Admin reinstated.' });
    }
    return json(404, { status: false, statusCode: 404, code: 'ROUTE_NOT_FOUND', msg: 'Not found', message: 'Not found' });
  });
}

const posts = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url.pathname);

async function openActions(email: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${email}` }));
}

describe('UsersSection: suspending an admin', () => {
  it("offers the owner Suspend on the other admins' rows only, never on its own or a staff row", async () => {
    fakeServer({ owner: true });
    renderWithProviders(<UsersSection />);
    await screen.findByText('Second admin');

    await openActions(OTHER_ADMIN.email);
    expect(await screen.findByRole('menuitem', { name: 'Suspend' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await openActions(OWNER.email);
    await screen.findByRole('menuitem', { name: 'Edit' });
    expect(screen.queryByRole('menuitem', { name: 'Suspend' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await openActions(STAFF.email);
    await screen.findByRole('menuitem', { name: 'Edit' });
    expect(screen.queryByRole('menuitem', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it('shows another admin no Suspend at all', async () => {
    const fetchMock = fakeServer({ owner: false });
    renderWithProviders(<UsersSection />);
    await screen.findByText('Second admin');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.pathname === '/api/profile')).toBe(true));
    await openActions(OTHER_ADMIN.email);
    await screen.findByRole('menuitem', { name: 'Edit' });
    expect(screen.queryByRole('menuitem', { name: 'Suspend' })).not.toBeInTheDocument();
  });

  it('suspends after a confirmation, then badges the row and offers Reinstate', async () => {
    const fetchMock = fakeServer({ owner: true });
    renderWithProviders(<UsersSection />);
    await screen.findByText('Second admin');

    await openActions(OTHER_ADMIN.email);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this admin?' });
    expect(within(dialog).getByText(/second@panel\.test will be signed out everywhere/)).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    await waitFor(() => expect(posts(fetchMock)).toEqual(['/api/users/2/suspend']));
    const table = screen.getByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Suspended')).toBeInTheDocument();

    await openActions(OTHER_ADMIN.email);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reinstate' }));
    const again = await screen.findByRole('dialog', { name: 'Reinstate this admin?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Reinstate' }));
    await waitFor(() => expect(posts(fetchMock)).toEqual(['/api/users/2/suspend', '/api/users/2/reinstate']));
    await waitFor(() => expect(within(table).queryByText('Suspended')).not.toBeInTheDocument());
  });
});
