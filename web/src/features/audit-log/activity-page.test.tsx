import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogAnswer, AuditLogEntry } from '@panel/contract';
import { defaultListRange } from '../../components/date-range-input';
import { changeLocale } from '../../i18n';
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
  // In PostgreSQL's jsonb order (shorter keys first), not the order the row was written in.
  details: { amount: 2500, trType: 'Added Credit', ledgerId: 9, debitorId: 3, requestId: 'r-1', creditorId: 4 },
});
const DEVICE = entry(3, {
  action: 'device.disable',
  kind: 'other',
  target: null,
  target_type: 'device',
  target_id: '12',
  details: { application_id: 2, mac_address: '00:1A:2B:3C:4D:5E', lifetime: false, remaining_seconds: 3 * 86_400 + 600, newThing: 'kept' },
});
const ENDED = entry(4, { action: 'session.end-others', kind: 'session', details: { count: 2, reason: 'sign-out-others' } });

const answer = (rows: AuditLogEntry[]): AuditLogAnswer => ({
  status: true,
  msg: 'OK',
  data: rows,
  meta: { total: rows.length, last_page: 1, current_page: 1, per_page: 10, total_capped: false },
});

function setup(rows: AuditLogEntry[] = [SHARE, SIGN_IN]) {
  session.save('t0k3n', ['audit-log'], false);
  const fetchMock = stubFetch(async (url) => {
    if (url.pathname === '/api/audit-log') return json(200, answer(url.searchParams.get('type') === 'credit' ? [SHARE] : rows));
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  renderRoutes([{ path: '/security/activity', element: <ActivityPage /> }], '/security/activity');
  return fetchMock;
}

const listRequests = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/audit-log').map(([url]) => Object.fromEntries(url.searchParams));

/** The text of each row's Details cell (the table's last column), in row order. */
const detailTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);

describe('ActivityPage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    session.clear();
    await changeLocale('en');
  });

  it('shows the details under their labels, with values for people and without internal ids', async () => {
    setup([SHARE, DEVICE, ENDED]);
    const table = await screen.findByRole('table', { name: 'Activity' });
    await within(table).findByText('shop@example.test disabled a device');
    expect(detailTexts(table)).toEqual([
      'Type of move: Added credit · Amount: 2,500',
      'MAC address: 00:1A:2B:3C:4D:5E · Lifetime: No · Paid time left: 3 days · New thing: kept',
      'Number: 2 · Reason: Signed out everywhere else',
    ]);
    expect(within(table).getByText('The other sessions of shop@example.test were ended')).toBeInTheDocument();
  });

  it('shows the details in Arabic', async () => {
    await changeLocale('ar');
    setup([SHARE, DEVICE, ENDED]);
    const table = await screen.findByRole('table', { name: 'النشاط' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(detailTexts(table)).toEqual([
      'نوع الحركة: رصيد مضاف · المبلغ: 2,500',
      'عنوان MAC: 00:1A:2B:3C:4D:5E · مدى الحياة: لا · الوقت المدفوع المتبقي: \u20683\u2069 أيام · New thing: kept',
      'العدد: 2 · السبب: تسجيل الخروج من كل مكان آخر',
    ]);
  });

  it('words each event as a sentence and filters to credit moves', async () => {
    const fetchMock = setup();
    const table = await screen.findByRole('table', { name: 'Activity' });
    await within(table).findByText('shop@example.test signed in');
    expect(within(table).getByText('shop@example.test recharged sub@example.test with 2,500 credit points')).toBeInTheDocument();
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
