import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticket, TicketStatus } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { TicketsListPage } from './tickets-list-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const ME = 3;
const RESELLER = ['tickets list', 'new ticket', 'view-ticket', 'withdraw ticket', 'close-ticket', 'REOPEN'];
const ADMIN = ['tickets list', 'raisedby-tickets list', 'view-ticket', 'reply', 'delete-all-tickets'];

const ticket = (id: number, status: TicketStatus, overrides: Partial<Ticket> = {}): Ticket => ({
  id,
  title: `Ticket ${id}`,
  description: '<p>It does not start</p>',
  status,
  created_at: '2026-03-01T22:15:00.000Z',
  updated_at: '2026-03-01T22:15:00.000Z',
  raised_by: { id: ME, name: 'Shop', email: 'shop@example.test' },
  admin_comments: [],
  reseller_comments: [],
  comments: [],
  ...overrides,
});

function setup(rows: Ticket[], permissions: string[], answer?: (url: URL, init?: RequestInit) => Response | undefined) {
  session.save('t0k3n', permissions, false);
  const fetchMock = stubFetch(async (url, init) => {
    const own = answer?.(url, init);
    if (own) return own;
    if (url.pathname === '/api/profile') {
      return json(200, { status: true, msg: 'OK', data: { id: ME, name: 'Shop', email: 'shop@example.test', hasPasscode: true, IBOReseller: {} } });
    }
    if (url.pathname === '/api/get-all-tickets') {
      return json(200, {
        status: true,
        msg: 'Tickets loaded.',
        tickets: rows,
        meta: { current_page: 1, last_page: 1, per_page: 10, total: rows.length },
        count: rows.length,
        open_count: rows.filter((r) => r.status === 'OPEN' || r.status === 'REOPEN').length,
      });
    }
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  renderRoutes([{ path: '/tickets-list', element: <TicketsListPage /> }], '/tickets-list');
  return fetchMock;
}

async function menuItems(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ticket ${title}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

async function openDetails(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: title }));
  return screen.findByRole('dialog', { name: 'Ticket details' });
}

describe('TicketsListPage', () => {
  beforeEach(() => {
    toasts.error.mockClear();
    toasts.success.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('asks for the newest tickets first and shows each with its status and UTC date', async () => {
    const fetchMock = setup([ticket(1, 'OPEN'), ticket(2, 'RESOLVED')], RESELLER);
    const table = await screen.findByRole('table', { name: 'Tickets' });
    await within(table).findByText('Ticket 1');
    expect(within(table).getByText('Open')).toBeInTheDocument();
    expect(within(table).getByText('Resolved')).toBeInTheDocument();
    expect(within(table).getAllByText('03-01-2026 10:15 PM (UTC)')).toHaveLength(2);
    expect(within(table).queryByText('Raised by')).toBeNull();
    const query = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/get-all-tickets')![0].searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ page_number: '1', page_size: '10', sort_key: 'created_at', sort_type: 'desc' });
    expect(screen.getByRole('link', { name: 'Create ticket' })).toHaveAttribute('href', '/create-ticket');
    expect(screen.queryByRole('button', { name: 'Delete all' })).toBeNull();
  });

  it('offers Withdraw and Close on the caller\u2019s own open ticket, not once it is resolved', async () => {
    setup([ticket(1, 'OPEN'), ticket(2, 'RESOLVED'), ticket(3, 'REOPEN')], RESELLER);
    expect(await menuItems('Ticket 1')).toEqual(['View', 'Withdraw', 'Close', 'Delete']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(await menuItems('Ticket 2')).toEqual(['View', 'Delete']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(await menuItems('Ticket 3')).toEqual(['View', 'Withdraw', 'Close', 'Delete']);
  });

  it('gives an admin View and Delete on another reseller\u2019s ticket, with who raised it and Delete all', async () => {
    const other = { id: 9, name: 'Other', email: 'other@example.test' };
    setup([ticket(1, 'OPEN', { raised_by: other })], ADMIN);
    expect(await screen.findByText('other@example.test')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Raised by' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete all' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create ticket' })).toBeNull();
    expect(await menuItems('Ticket 1')).toEqual(['View', 'Delete']);
  });

  it('offers no Delete all when there is no ticket, but does while a search finds none', async () => {
    setup([], ADMIN);
    expect(await screen.findByText('No tickets found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete all' })).toBeDisabled();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by title' }), { target: { value: 'printer' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete all' })).toBeEnabled(), { timeout: 2000 });
  });

  it('withdraws a ticket, and says why a close failed', async () => {
    const fetchMock = setup([ticket(1, 'OPEN')], RESELLER, (url) => {
      if (url.pathname === '/api/withdraw-tickets/1/withdraw') return json(200, { status: true, msg: 'The ticket was withdrawn.', data: ticket(1, 'WITHDRAW') });
      if (url.pathname === '/api/close-tickets/1/close') return json(500, { status: false, statusCode: 500, msg: 'boom', message: 'boom', errors: {} });
      return undefined;
    });
    await menuItems('Ticket 1');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Withdraw' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The ticket was withdrawn.'));
    expect(fetchMock.mock.calls.some(([url, init]) => url.pathname === '/api/withdraw-tickets/1/withdraw' && init?.method === 'POST')).toBe(true);
    await menuItems('Ticket 1');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Close' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to close ticket.'));
  });

  it('deletes all after confirming, and says when there was nothing to delete', async () => {
    setup([ticket(1, 'OPEN', { raised_by: { id: 9, name: 'Other', email: 'o@example.test' } })], ADMIN, (url, init) =>
      url.pathname === '/api/delete-all-tickets' && init?.method === 'DELETE'
        ? json(404, { status: false, statusCode: 404, msg: 'No tickets to delete.', message: 'No tickets to delete.', errors: {} })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all tickets' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('No tickets to delete.'));
  });

  it('renders a stored script payload harmlessly in the details popup', async () => {
    setup(
      [ticket(1, 'OPEN', { description: '<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://example.com/">ok</a><script>alert(2)</script>' })],
      RESELLER,
    );
    const dialog = await openDetails('Ticket 1');
    expect(dialog.querySelector('[onerror]')).toBeNull();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('a[href^="javascript"]')).toBeNull();
    const link = within(dialog).getByRole('link', { name: 'ok' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(dialog).getByText('Open')).toBeInTheDocument();
  });

  it('shows the thread in order, support and reseller apart', async () => {
    const admin = { id: 1, name: 'Support Desk', email: 'admin@example.test' };
    const reply = { id: 11, comment: 'Restart it', status: 'RESOLVED' as const, author: admin, created_at: '2026-03-02T10:00:00.000Z' };
    const again = { id: 12, comment: 'Still broken', status: 'REOPEN' as const, author: { id: ME, name: 'Shop', email: 'shop@example.test' }, created_at: '2026-03-03T10:00:00.000Z' };
    setup([ticket(1, 'REOPEN', { admin_comments: [reply], reseller_comments: [again], comments: [reply, again] })], RESELLER);
    const dialog = await openDetails('Ticket 1');
    const items = within(within(dialog).getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringMatching(/^SupportSupport Desk.*Restart it$/), expect.stringMatching(/^ResellerShop.*Still broken$/)]);
  });

  it('offers the raiser the reopen form once resolved, and sends the comment', async () => {
    const fetchMock = setup([ticket(1, 'RESOLVED')], RESELLER, (url) =>
      url.pathname === '/api/reopen-tickets/1/reopen' ? json(409, { status: false, statusCode: 409, msg: 'Only a resolved or closed ticket can be reopened.', message: '', errors: {} }) : undefined,
    );
    const dialog = await openDetails('Ticket 1');
    expect(within(dialog).queryByRole('button', { name: 'Reply and resolve' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await within(dialog).findByText('Please enter a comment.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why do you reopen/ }), { target: { value: 'Still broken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Only a resolved or closed ticket can be reopened.'));
    const sent = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/reopen-tickets/1/reopen')!;
    expect(JSON.parse(sent[1]!.body as string)).toEqual({ comment: 'Still broken' });
  });

  it('keeps the reopen form from a raiser without REOPEN, from others and from open tickets', async () => {
    setup(
      [ticket(1, 'OPEN'), ticket(2, 'CLOSED', { raised_by: { id: 9, name: 'Other', email: 'o@example.test' } })],
      RESELLER,
    );
    let dialog = await openDetails('Ticket 1');
    expect(within(dialog).queryByRole('button', { name: 'Reopen' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openDetails('Ticket 2');
    expect(within(dialog).queryByRole('button', { name: 'Reopen' })).toBeNull();
  });

  it('offers the reply form with reply while the ticket is open, and resolves it', async () => {
    const resolved = ticket(1, 'RESOLVED', { raised_by: { id: 9, name: 'Other', email: 'o@example.test' } });
    const fetchMock = setup([ticket(1, 'OPEN', { raised_by: resolved.raised_by }), ticket(2, 'CLOSED', { raised_by: resolved.raised_by })], ADMIN, (url) =>
      url.pathname === '/api/resolve-tickets/1/resolve' ? json(200, { status: true, msg: 'The ticket was resolved.', data: resolved }) : undefined,
    );
    const dialog = await openDetails('Ticket 1');
    expect(within(dialog).queryByRole('button', { name: 'Reopen' })).toBeNull();
    // The specification's reply resolves: the form says so before it is sent.
    expect(within(dialog).getByText(/Your reply resolves the ticket/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reply to the reseller/ }), { target: { value: 'Restart it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reply and resolve' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The ticket was resolved.'));
    expect(fetchMock.mock.calls.some(([url]) => url.pathname === '/api/resolve-tickets/1/resolve')).toBe(true);
    // The popup shows the answer: resolved, so no reply form any more.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Reply and resolve' })).toBeNull());
    expect(within(dialog).getByText('Resolved')).toBeInTheDocument();
  });
});
