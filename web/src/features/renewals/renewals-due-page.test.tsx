import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_PERMISSIONS, isolate, type BulkActivationResult, type ExpiringDevice } from '@panel/contract';
import { changeLocale } from '../../i18n';
import { allowedApplications, json, renderWithProviders, stubFetch, testQueryClient, type FetchMock } from '../../test-utils';
import { RenewalsDuePage } from './renewals-due-page';

/** Noon of the local day `days` ahead: the page counts calendar days, so an hour past now read "in 2 days" late in the evening. */
const inDays = (days: number) => {
  const at = new Date();
  at.setHours(12, 0, 0, 0);
  at.setDate(at.getDate() + days);
  return at.toISOString();
};

const device = (id: number, overrides: Partial<ExpiringDevice> = {}): ExpiringDevice => ({
  id,
  mac_address: `aa:bb:cc:dd:ee:0${id}`,
  app_id: 1,
  app: 'IBOPLAYER',
  expire_date: inDays(id),
  reseller_id: 7,
  reseller_email: 'shop@example.com',
  remark: null,
  ...overrides,
});

const page = (rows: ExpiringDevice[], days: number) => ({
  status: true,
  msg: 'OK',
  data: { data: rows, within_days: days, current_page: 1, last_page: 1, total: rows.length, total_capped: false },
});

const result = (dryRun: boolean, rows: ExpiringDevice[], failing: number[] = []): BulkActivationResult => {
  const results = rows.map((r, i) => ({
    row: i + 2,
    mac_address: r.mac_address,
    apps: [r.app],
    package: '1-year',
    status: failing.includes(r.id) ? ('error' as const) : ('ok' as const),
    message: failing.includes(r.id) ? 'This device is disabled.' : dryRun ? 'Would be renewed.' : 'Renewed.',
    cost: failing.includes(r.id) ? 0 : 1,
    expire_date: dryRun || failing.includes(r.id) ? null : inDays(365),
  }));
  const ok = results.filter((r) => r.status === 'ok').length;
  return { dry_run: dryRun, rows: results, total_cost: ok, activated: ok, failed: results.length - ok, credit_point: dryRun ? 40 : 40 - ok };
};

type Sent = { dryRun: string; csv: string; requestId: string | null };

function setup(rows: ExpiringDevice[], options: { failing?: number[]; bulkFails?: boolean } = {}) {
  const sent: Sent[] = [];
  const fetchMock: FetchMock = stubFetch(async (url, init) => {
    if (url.pathname === '/api/expiring-devices') return json(200, page(rows, Number(url.searchParams.get('within_days'))));
    if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications([]);
    if (url.pathname === '/api/bulk-activations') {
      const body = init!.body as FormData;
      const file = body.get('file') as Blob;
      const headers = init!.headers as Record<string, string>;
      const entry = { dryRun: body.get('dry_run') as string, csv: (await file.text()).replace(/^\uFEFF/, ''), requestId: headers['request-id'] ?? null };
      sent.push(entry);
      if (options.bulkFails) return json(422, { status: false, code: 'VALIDATION', statusCode: 422, msg: 'The given data was invalid.', errors: { file: ['The file is empty.'] } });
      const picked = rows.filter((r) => entry.csv.includes(r.mac_address));
      return json(200, { status: true, msg: 'OK', data: result(entry.dryRun === 'true', picked, options.failing) });
    }
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', errors: {} });
  });
  const client = testQueryClient();
  renderWithProviders(<RenewalsDuePage />, client);
  const listRequests = () =>
    fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/expiring-devices').map(([url]) => Object.fromEntries(url.searchParams));
  return { sent, listRequests, client };
}

describe('RenewalsDuePage', () => {
  beforeEach(() => {
    Cookies.set(COOKIE_PERMISSIONS, 'platform-users list,multi apps activation');
  });
  afterEach(async () => {
    Cookies.remove(COOKIE_PERMISSIONS);
    vi.unstubAllGlobals();
    await changeLocale('en');
  });

  it('asks for the next 30 days first, shows when each device ends, and another tab asks for its days', async () => {
    const user = userEvent.setup();
    const { listRequests } = setup([device(1, { remark: 'room 12' }), device(3, { app: 'BOBPLAYER', app_id: 2 })]);
    const table = await screen.findByRole('table', { name: 'Devices expiring within 30 days' });
    expect(await within(table).findByText('aa:bb:cc:dd:ee:01')).toBeInTheDocument();
    expect(within(table).getByText('tomorrow')).toBeInTheDocument();
    expect(within(table).getByText('in 3 days')).toBeInTheDocument();
    expect(within(table).getByText('room 12')).toBeInTheDocument();
    expect(listRequests()[0]).toEqual({ within_days: '30', page_number: '1', page_size: '10' });
    expect(screen.getByRole('tab', { name: '30 days' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: '7 days' }));
    expect(await screen.findByRole('table', { name: 'Devices expiring within 7 days' })).toBeInTheDocument();
    expect(listRequests().at(-1)).toMatchObject({ within_days: '7', page_number: '1' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['7 days', '30 days', '90 days', '365 days']);
  });

  it('says so when nothing ends within the days', async () => {
    setup([]);
    expect(await screen.findByText('No device expires within 30 days.')).toBeInTheDocument();
  });

  it('renews the selected devices: the dry run first, then the real run with one request id, then a fresh list', async () => {
    const user = userEvent.setup();
    const rows = [device(1, { remark: 'room 12' }), device(2), device(3, { app: 'BOBPLAYER', app_id: 2 })];
    const { sent, listRequests } = setup(rows, { failing: [3] });
    await screen.findByText('aa:bb:cc:dd:ee:01');
    const renew = screen.getByRole('button', { name: 'Renew selected for 1 year' });
    expect(renew).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select aa:bb:cc:dd:ee:01 (IBOPLAYER)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select aa:bb:cc:dd:ee:03 (BOBPLAYER)' }));
    expect(screen.getByText('2 devices selected')).toBeInTheDocument();
    await user.click(renew);

    const dialog = await screen.findByRole('dialog', { name: 'Renew for 1 year' });
    await within(dialog).findByText('Would be renewed.');
    expect(within(dialog).getByText('This device is disabled.')).toBeInTheDocument();
    // Chosen from the list, the devices are no rows of a file: named by their MAC, never "Row 2".
    const devices = within(dialog).getByRole('table', { name: 'Selected devices' });
    expect(within(devices).queryByRole('columnheader', { name: 'Row' })).not.toBeInTheDocument();
    expect(within(devices).getByRole('columnheader', { name: 'MAC address' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      dryRun: 'true',
      csv: 'mac_address,apps,package,comment\r\naa:bb:cc:dd:ee:01,IBOPLAYER,1-year,room 12\r\naa:bb:cc:dd:ee:03,BOBPLAYER,1-year,\r\n',
      requestId: null,
    });
    expect(within(within(dialog).getByRole('group', { name: 'What happens' })).getByText('1 credit point')).toBeInTheDocument();

    const before = listRequests().length;
    await user.click(within(dialog).getByRole('button', { name: 'Renew 1 device' }));
    const done = await screen.findByRole('dialog', { name: 'Renewal done' });
    expect(await within(done).findByText('Renewed.')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.dryRun).toBe('false');
    expect(sent[1]!.csv).toBe(sent[0]!.csv);
    expect(sent[1]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The bulk activation's hook refreshes the list (and the balance) after a real run.
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(before));

    await user.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('0 devices selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew selected for 1 year' })).toBeDisabled();
  });

  it('keeps a new request id for each confirmation, and picks or drops a whole page at once', async () => {
    const user = userEvent.setup();
    const { sent } = setup([device(1), device(2)]);
    await screen.findByText('aa:bb:cc:dd:ee:01');
    await user.click(screen.getByRole('checkbox', { name: 'Select every row of this page' }));
    expect(screen.getByText('2 devices selected')).toBeInTheDocument();

    for (let round = 0; round < 2; round += 1) {
      await user.click(screen.getByRole('button', { name: 'Renew selected for 1 year' }));
      const dialog = await screen.findByRole('dialog', { name: 'Renew for 1 year' });
      await user.click(await within(dialog).findByRole('button', { name: 'Renew 2 devices' }));
      await user.click(await screen.findByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('checkbox', { name: 'Select every row of this page' }));
    }
    const ids = sent.filter((s) => s.dryRun === 'false').map((s) => s.requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByText('0 devices selected')).toBeInTheDocument();
  });

  it('shows why the dry run was refused and charges nothing', async () => {
    const user = userEvent.setup();
    const { sent } = setup([device(1)], { bulkFails: true });
    await user.click(await screen.findByRole('checkbox', { name: 'Select aa:bb:cc:dd:ee:01 (IBOPLAYER)' }));
    await user.click(screen.getByRole('button', { name: 'Renew selected for 1 year' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew for 1 year' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is empty.');
    expect(sent.map((s) => s.dryRun)).toEqual(['true']);
  });

  it('offers no selection without the activation permission', async () => {
    Cookies.set(COOKIE_PERMISSIONS, 'platform-users list');
    setup([device(1)]);
    await screen.findByText('aa:bb:cc:dd:ee:01');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew selected for 1 year' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, with the counted days in their plural forms', async () => {
    await changeLocale('ar');
    setup([device(1)]);
    expect(await screen.findByRole('table', { name: `الأجهزة التي تنتهي خلال ${isolate('30')} يومًا` })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([`${isolate('7')} أيام`, `${isolate('30')} يومًا`, `${isolate('90')} يومًا`, `${isolate('365')} يومًا`]);
    expect(screen.getByRole('button', { name: 'تجديد المحدد لمدة سنة' })).toBeDisabled();
  });
});
