import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InsightsActivations, InsightsRefusals, InsightsRenewals, InsightsRunwayRow } from '@panel/contract';
import { json, renderWithProviders, stubFetch, type Fetch } from '../../test-utils';
import { InsightsPage } from './insights-page';
import { presetRange } from './insight-periods';

const activations = (from: string, to: string): InsightsActivations => ({
  from,
  to,
  interval: 'day',
  applications: [
    { id: 1, name: 'IBOPLAYER' },
    { id: 2, name: 'BOBPLAYER' },
  ],
  periods: [
    {
      start: '2026-11-25',
      activations: 3,
      credits: 4,
      refunds: 1,
      by_application: [
        { application_id: 1, activations: 2, credits: 2 },
        { application_id: 2, activations: 1, credits: 2 },
      ],
      by_package: { '1-Year': 2, Lifetime: 1, code: 0 },
    },
    { start: '2026-11-26', activations: 1200, credits: 1500, refunds: 0, by_application: [{ application_id: 1, activations: 1200, credits: 1500 }], by_package: { '1-Year': 1200, Lifetime: 0, code: 0 } },
  ],
  totals: { activations: 1203, credits: 1504, refunds: 1 },
});
const renewals: InsightsRenewals = {
  expiring: { days_7: 4, days_30: 12, days_90: 40 },
  renewal_rate: { renewed: 3, expired: 4, rate: 0.75 },
  credits_needed: { days_7: 3, days_30: 9, days_90: 30 },
};
const refusals: InsightsRefusals = {
  from: '2026-10-28',
  to: '2026-11-26',
  reasons: [
    { reason: 'not_enough_credit', count: 5 },
    { reason: 'device_not_registered', count: 2 },
    { reason: 'other', count: 0 },
  ],
};
const runway: InsightsRunwayRow[] = [
  { id: 7, username: 'empty@example.test', balance: 0, daily_spend: 1.25, days_left: 0, dormant: false, empty: true },
  { id: 8, username: 'sleepy@example.test', balance: 40, daily_spend: 0, days_left: null, dormant: true, empty: false },
];

/** A fake API answering the four insights calls; `override` answers first when it returns something. */
function server(override?: (url: URL) => Response | undefined): Fetch {
  return async (url) => {
    const special = override?.(url);
    if (special) return special;
    const q = url.searchParams;
    switch (url.pathname) {
      case '/api/insights/activations':
        return json(200, { status: true, msg: 'OK', data: activations(q.get('from')!, q.get('to')!) });
      case '/api/insights/renewals':
        return json(200, { status: true, msg: 'OK', data: renewals });
      case '/api/insights/refusals':
        return json(200, { status: true, msg: 'OK', data: refusals });
      case '/api/insights/runway':
        return json(200, { status: true, msg: 'OK', data: runway, meta: { total: 2, last_page: 1, current_page: 1, per_page: 10, total_capped: false } });
      default:
        return json(404, { status: false, statusCode: 404, msg: 'Not found', message: 'Not found' });
    }
  };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('InsightsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a placeholder in each card while its figures load', async () => {
    stubFetch(() => new Promise(() => undefined));
    renderWithProviders(<InsightsPage />);
    expect(await screen.findByLabelText('Loading Activations')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading Credits spent')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading Renewals')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading Refused activations')).toBeInTheDocument();
  });

  it('says which figures failed and shows the others', async () => {
    stubFetch(server((url) => (url.pathname === '/api/insights/activations' ? json(500, { status: false, statusCode: 500, msg: 'boom', message: 'boom' }) : undefined)));
    renderWithProviders(<InsightsPage />);
    const alerts = await screen.findAllByText('The activations could not be loaded.');
    expect(alerts).toHaveLength(2);
    expect(await within(card('Renewals')).findByText('75%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV: Activations' })).toBeDisabled();
  });

  it('asks for the last 30 UTC days per day, and shows the figures of every card', async () => {
    const fetchMock = stubFetch(server());
    renderWithProviders(<InsightsPage />);
    expect(await screen.findByText('1,203 activations in the range, 1 undone or refunded')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => url).find((url) => url.pathname === '/api/insights/activations')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ from: '2026-10-28', to: '2026-11-26', interval: 'day' });
    expect(screen.getByText('1,504 credits spent in the range, net of refunds')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Stacked bar chart of 1,203 activations per period' })).toBeInTheDocument();

    const renewalsCard = card('Renewals');
    expect(within(renewalsCard).getByText('Expiring within 30 days')).toBeInTheDocument();
    expect(within(renewalsCard).getByText('Needs about 9 credits')).toBeInTheDocument();
    expect(within(renewalsCard).getByText('3 of 4 ended terms renewed within 30 days (last 90 days)')).toBeInTheDocument();

    const runwayCard = card('Runway per sub-reseller');
    expect(await within(runwayCard).findByText('empty@example.test')).toBeInTheDocument();
    expect(within(runwayCard).getByText('Empty')).toBeInTheDocument();
    expect(within(runwayCard).getByText('Dormant')).toBeInTheDocument();
    expect(within(runwayCard).getByText('No spend')).toBeInTheDocument();
    expect(within(runwayCard).getByText('1.25')).toBeInTheDocument();
  });

  it('asks again for the preset range and interval chosen', async () => {
    const fetchMock = stubFetch(server());
    renderWithProviders(<InsightsPage />);
    await screen.findByText('1,203 activations in the range, 1 undone or refunded');
    fireEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => {
      const last = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.pathname === '/api/insights/activations').at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({ from: '2026-11-20', to: '2026-11-26', interval: 'week' });
    });
    const refusalsAsked = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.pathname === '/api/insights/refusals').at(-1)!;
    expect(Object.fromEntries(refusalsAsked.searchParams)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(presetRange(365, '2026-11-26')).toEqual({ from: '2025-11-27', to: '2026-11-26' });
  });

  it('shows a chart as a table, by application or by package', async () => {
    stubFetch(server());
    renderWithProviders(<InsightsPage />);
    await screen.findByText('1,203 activations in the range, 1 undone or refunded');
    const activationsCard = card('Activations');
    fireEvent.click(within(activationsCard).getByRole('radio', { name: 'Table' }));
    const table = within(activationsCard).getByRole('table', { name: 'Activations' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Day', 'IBOPLAYER', 'BOBPLAYER', 'Total', 'Undone or refunded'],
      ['11-25-2026', '2', '1', '3', '1'],
      ['11-26-2026', '1,200', '0', '1,200', '0'],
    ]);
    fireEvent.click(within(activationsCard).getByRole('radio', { name: 'By package' }));
    expect(within(activationsCard).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Day', '1 Year', 'Lifetime', 'Codes', 'Total', 'Undone or refunded']);
  });

  it('downloads a chart’s figures as CSV: plain numbers, yyyy-mm-dd days, translated headers', async () => {
    const created = vi.fn<(blob: Blob) => string>(() => 'blob:insights');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    stubFetch(server());
    renderWithProviders(<InsightsPage />);
    await screen.findByText('1,203 activations in the range, 1 undone or refunded');

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV: Activations' }));
    const activationsCsv = await created.mock.calls[0]![0].text();
    expect(activationsCsv.replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual([
      'Day,IBOPLAYER,BOBPLAYER,Total,Undone or refunded',
      '2026-11-25,2,1,3,1',
      '2026-11-26,1200,0,1200,0',
    ]);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('insights-activations-by-application-day-2026-10-28_2026-11-26.csv');

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV: Refused activations' }));
    const refusalsCsv = await created.mock.calls[1]![0].text();
    expect(refusalsCsv.replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual(['Reason,Refusals', 'Not enough credit,5', 'Device not registered,2', 'Other,0']);

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV: Renewals' }));
    const renewalsCsv = await created.mock.calls[2]![0].text();
    expect(renewalsCsv).toContain('Credits needed within 30 days,9\r\n');
    expect(renewalsCsv).toContain('Renewal rate,0.75\r\n');

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV: Runway per sub-reseller' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(4));
    const runwayCsv = await created.mock.calls[3]![0].text();
    expect(runwayCsv.replace(/^\uFEFF/, '').trim().split('\r\n')).toEqual([
      'Sub-reseller,Balance,Credits per day,Days left,Dormant,Empty',
      'empty@example.test,0,1.25,0,0,1',
      'sleepy@example.test,40,0.00,,1,0',
    ]);
  });

  it('names every refusal reason of the contract in English', async () => {
    const { INSIGHT_REFUSAL_REASONS } = await import('@panel/contract');
    const { i18n } = await import('../../i18n');
    for (const reason of INSIGHT_REFUSAL_REASONS) expect(i18n.exists(`insights.refusal.${reason}`), reason).toBe(true);
  });
});
