import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminNotification } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { NotificationListPage } from './notification-list-page';

vi.mock('../../components/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn(), showToast: vi.fn() }));

const row = (id: number, overrides: Partial<AdminNotification> = {}): AdminNotification => ({
  id,
  title: `Offer ${id}`,
  description: `<p>Text ${id}</p>`,
  status: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

function setup(rows: AdminNotification[]) {
  session.save('t0k3n', ['res-notif-list'], false);
  const fetchMock = stubFetch(async (url, init) => {
    if (url.pathname === '/api/get-notifications') {
      return json(200, { status: true, msg: 'OK', data: { notifications: rows }, meta: { current_page: 1, last_page: 1, total: rows.length } });
    }
    if (url.pathname.startsWith('/api/change-notifications/') && init?.method === 'PUT') {
      return json(200, { status: true, msg: 'Status changed.', data: rows[0] });
    }
    if (url.pathname.startsWith('/api/delete-notifications/') && init?.method === 'DELETE') {
      return json(200, { status: true, statusCode: 200, message: 'Deleted.' });
    }
    return json(404, { status: false, statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  renderRoutes([{ path: '/res-notif-list', element: <NotificationListPage /> }], '/res-notif-list');
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof setup>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([url]) => url.pathname);

describe('NotificationListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows No Records Found when there is none', async () => {
    setup([]);
    expect(await screen.findByText('No Records Found')).toBeInTheDocument();
  });

  it('colours the status green when 1, red when 0 and grey otherwise', async () => {
    setup([row(1, { status: 1 }), row(2, { status: 0 }), row(3, { status: 7 })]);
    const active = await screen.findByRole('button', { name: /^Active: switch the status of Offer 1/ });
    const inactive = screen.getByRole('button', { name: /^Not Active: switch the status of Offer 2/ });
    const other = screen.getByRole('button', { name: /^Unknown: switch the status of Offer 3/ });
    expect(active.getAttribute('style')).toMatch(/#1A972F/i);
    expect(inactive.getAttribute('style')).toMatch(/#BF232E/i);
    expect(other.getAttribute('style')).toMatch(/gray/);
    expect(active).toHaveTextContent('Active');
    expect(inactive).toHaveTextContent('Not Active');
  });

  it('toggles the status with PUT /api/change-notifications/{id}/status', async () => {
    const fetchMock = setup([row(4, { status: 0 })]);
    fireEvent.click(await screen.findByRole('button', { name: /switch the status of Offer 4/ }));
    await waitFor(() => expect(calls(fetchMock, 'PUT')).toEqual(['/api/change-notifications/4/status']));
  });

  it('removes only after the confirmation', async () => {
    const fetchMock = setup([row(5)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Offer 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove notification' });
    expect(calls(fetchMock, 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Offer 5' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toEqual(['/api/delete-notifications/5']));
  });

  it('renders a stored script, handler or javascript: link harmless', async () => {
    setup([
      row(6, {
        description: '<p>Hi<script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1"><a href="javascript:window.hacked=1">go</a><b onclick="x()">bold</b></p>',
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Notifications' });
    await within(table).findByText('bold');
    expect(table.querySelector('script')).toBeNull();
    expect(table.querySelector('[onerror], [onclick]')).toBeNull();
    expect(table.querySelector('a[href^="javascript"]')).toBeNull();
    // The image stays (a plain http(s) source) but without its handler.
    expect(table.querySelector('img')?.getAttributeNames().sort()).toEqual(['alt', 'loading', 'referrerpolicy', 'src', 'style']);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
