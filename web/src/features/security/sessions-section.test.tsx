import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountSession } from '@panel/contract';
import { json, onPhone, renderWithProviders, stubFetch } from '../../test-utils';
import { SessionsSection } from './sessions-section';

const session = (id: number, fields: Partial<AccountSession> = {}): AccountSession => ({
  id,
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-26T07:30:00.000Z',
  ip: `198.51.100.${id}`,
  browser: 'Chrome 131',
  os: 'Windows',
  two_factor: false,
  current: false,
  ...fields,
});

/** A fake server holding the account's sessions; the DELETE and POST calls end them as the API does. */
function serve(initial: AccountSession[]) {
  let sessions = initial;
  return stubFetch(async (url, init) => {
    if (url.pathname === '/api/sessions') return json(200, { status: true, msg: 'OK', data: sessions });
    if (url.pathname === '/api/sessions/sign-out-others') {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return json(200, { status: true, msg: `${ended} other sessions ended.`, ended });
    }
    const id = Number(/\/api\/sessions\/(\d+)$/.exec(url.pathname)?.[1]);
    if (init?.method === 'DELETE' && id) {
      sessions = sessions.filter((s) => s.id !== id);
      return json(200, { status: true, msg: 'Session ended.' });
    }
    return json(404, { status: false, statusCode: 404, code: 'ROUTE_NOT_FOUND', msg: 'No', message: 'No' });
  });
}

const calls = (fetchMock: ReturnType<typeof serve>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([url]) => url.pathname);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SessionsSection', () => {
  it('lists each session with its browser, system and address, badges this device and offers End only for the others', async () => {
    serve([session(1, { current: true }), session(2, { browser: 'Firefox 133', os: 'Linux' }), session(3, { browser: null, os: null })]);
    renderWithProviders(<SessionsSection />);
    const table = await screen.findByRole('table', { name: 'Signed-in sessions' });
    const [, mine, firefox, unknown] = within(table).getAllByRole('row');
    expect(within(mine!).getByText('Chrome 131 on Windows')).toBeInTheDocument();
    expect(within(mine!).getByText('This device')).toBeInTheDocument();
    expect(within(mine!).queryByRole('button')).toBeNull();
    expect(within(firefox!).getByText('Firefox 133 on Linux')).toBeInTheDocument();
    expect(within(firefox!).getByText('198.51.100.2')).toBeInTheDocument();
    expect(within(firefox!).getByRole('button', { name: 'End the session of Firefox 133 on Linux at 198.51.100.2' })).toBeInTheDocument();
    expect(within(unknown!).getByText('Unknown browser')).toBeInTheDocument();
    expect(screen.getByText('2 other sessions are signed in.')).toBeInTheDocument();
  });

  it('ends a session only once the question is confirmed', async () => {
    const fetchMock = serve([session(1, { current: true }), session(2, { browser: 'Firefox 133', os: 'Linux' })]);
    renderWithProviders(<SessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: /End the session of Firefox 133/ }));
    const dialog = await screen.findByRole('dialog', { name: 'End this session?' });
    expect(within(dialog).getByText('Firefox 133 on Linux at 198.51.100.2 will be signed out at its next action.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: /End the session of Firefox 133/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toEqual(['/api/sessions/2']));
    await waitFor(() => expect(screen.queryByText('Firefox 133 on Linux')).toBeNull());
    expect(screen.getByText('No other session is signed in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('signs out everywhere else after confirming, keeping this device', async () => {
    const fetchMock = serve([session(1, { current: true }), session(2), session(3)]);
    renderWithProviders(<SessionsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(calls(fetchMock, 'POST')).toEqual(['/api/sessions/sign-out-others']));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('This device')).toBeInTheDocument();
  });

  it('shows each session as a card of labelled lines on a phone', async () => {
    onPhone();
    serve([session(1, { current: true }), session(2)]);
    renderWithProviders(<SessionsSection />);
    const table = await screen.findByRole('table', { name: 'Signed-in sessions' });
    expect(table.closest('[data-cards]')).not.toBeNull();
    expect(within(table).getAllByText('IP address', { selector: '.card-table-label' })).toHaveLength(2);
  });
});
