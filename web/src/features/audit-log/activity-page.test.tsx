import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogAnswer, AuditLogEntry } from '@panel/contract';
import { defaultListRange } from '../../components/date-range-input';
import { session } from '../../lib/session';
import { json, renderRoutes, stubFetch, type FetchMock } from '../../test-utils';
import { ActivityPage } from './activity-page';

const entry = (id: number, overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id,
  action: 'auth.login',
  kind: 'sign_in',
  actor: { id: 3, email: 'shop@example.test' },
  target: { id: 3, email: 'shop@example.test' },
  target_type: 'user',
  target_id: '3',
  details: null,
  ip: '10.0.0.7',
  created_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const SIGN_IN = entry(1, {});
const SHARE = entry(2, {
  action: 'credit.recharge',
  kind: 'credit',
  target: { id: 4, email: 'sub@example.test' },
  target_id: '4',
  details: { trType: 'Added Credit', amount: 25, ledgerId: 9 },
});

const answer = (rows: AuditLogEntry[]): AuditLogAnswer => ({
  status: true,
  msg: 'OK',
  data: rows,
  meta: { total: rows.length, last_page: 1, current_page: 1, per_page: 10, total_capped: false },
});

function setup() {
  session.save('t0k3n', ['audit-log'], false);
  const fetchMock = stubFetch(async (url) => {
    if (url.pathname === '/api/audit-log') return json(200, answer(url.searchParams.get('type') === 'credit' ? [SHARE] : [SHARE, SIGN_IN]));
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  renderRoutes([{ path: '/security/activity', element: <ActivityPage /> }], '/security/activity');
  return fetchMock;
}

const listRequests = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/audit-log').map(([url]) => Object.fromEntries(url.searchParams));

describe('ActivityPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('words each event as a sentence and filters to credit moves', async () => {
    const fetchMock = setup();
    const table = await screen.findByRole('table', { name: 'Activity' });
    await within(table).findByText('shop@example.test signed in');
    expect(within(table).getByText('shop@example.test recharged sub@example.test with 25 credit points')).toBeInTheDocument();
    expect(within(table).queryByText('credit.recharge')).toBeNull();
    const { from, to } = defaultListRange();
    expect(listRequests(fetchMock)[0]).toEqual({ page: '1', per_page: '10', date_from: from, date_to: to });

    fireEvent.click(screen.getByRole('combobox', { name: 'Event' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Credit moves' }));
    await waitFor(() => expect(within(table).queryByText('shop@example.test signed in')).toBeNull());
    expect(listRequests(fetchMock).at(-1)).toMatchObject({ type: 'credit', page: '1' });
    expect(within(table).getByText('Credit moves')).toBeInTheDocument();
  });
});
