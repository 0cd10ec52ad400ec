import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIFETIME_EXPIRY, type ActivationCode } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderRoutes, sentBodies, stubFetch, type FetchMock } from '../../test-utils';
import { ActivationCodesPage, defaultCodeRange } from './activation-codes-page';
import dayjs from 'dayjs';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const ME = 'shop@example.test';
const ALL = ['index-code', 'purchase-code', 'edit-code', 'view-code', 'renew-code', 'reset-code', 'change-code-status', 'delete-code'];

const code = (id: number, overrides: Partial<ActivationCode> = {}): ActivationCode => ({
  id,
  value: `1000000000000${id}`,
  type: 'yearly',
  email: ME,
  device_info: null,
  expire_date: '2027-03-01T10:00:00.000Z',
  status: 1,
  expired: 0,
  is_active: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  playlists: [],
  refundable_points: 0,
  refund_refused: 'late',
  ...overrides,
});

const page = (rows: ActivationCode[], meta: Partial<{ total: number; last_page: number; current_page: number; per_page: number }> = {}) => ({
  status: true,
  msg: 'Activation codes loaded.',
  data: rows,
  meta: { total: rows.length, last_page: 1, current_page: 1, per_page: 10, ...meta },
});

type Answer = (url: URL, body: Record<string, unknown>) => Response | undefined;

/** Where the Edit item went, and the state it carried. */
function Editor() {
  const location = useLocation();
  return <p>editor of {`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function setup(rows: ActivationCode[], { permissions = ALL, answer }: { permissions?: string[]; answer?: Answer } = {}) {
  session.save('t0k3n', permissions, false);
  const fetchMock = stubFetch(async (url, init) => {
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    const own = answer?.(url, body);
    if (own) return own;
    if (url.pathname === '/api/profile') {
      return json(200, { status: true, msg: 'OK', data: { id: 3, name: 'Shop', email: ME, hasPasscode: true, IBOReseller: {} } });
    }
    if (url.pathname === '/api/activation-codes') return json(200, page(rows));
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  const router = renderRoutes(
    [
      { path: '/iboprotv', element: <ActivationCodesPage /> },
      { path: '/ibopro-playlist/:codeValue', element: <Editor /> },
    ],
    '/iboprotv',
  );
  return { fetchMock, router };
}

const listRequests = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/activation-codes').map(([url]) => Object.fromEntries(url.searchParams));

async function openMenu(value: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for code ${value}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

describe('ActivationCodesPage', () => {
  beforeEach(() => {
    toasts.error.mockClear();
    toasts.success.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('asks for the newest codes of the last 3 months through today and shows each row', async () => {
    const { fetchMock } = setup([
      code(1, { type: 'lifetime', expire_date: LIFETIME_EXPIRY }),
      code(2, { device_info: { mac_address: 'aa:bb:cc:dd:ee:ff', version: '1.2', ip: '10.0.0.1', _id: '9' } }),
      code(3, { status: 0 }),
      code(4, { expired: 1 }),
    ]);
    const table = await screen.findByRole('table', { name: 'Activation codes' });
    await within(table).findByText('10000000000001');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[1]!).getByText('Lifetime', { selector: 'p' })).toBeInTheDocument();
    expect(within(rows[1]!).getAllByText('—')).toHaveLength(1);
    expect(within(rows[2]!).getByText('aa:bb:cc:dd:ee:ff')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Expired')).toBeInTheDocument();
    const { from, to } = defaultCodeRange();
    expect(to).toBe(dayjs().format('YYYY-MM-DD'));
    expect(dayjs(to).diff(dayjs(from), 'month')).toBe(3);
    expect(listRequests(fetchMock)[0]).toMatchObject({ page: '1', per_page: '10', sort_key: 'created_at', sort_type: 'desc', date_from: from, date_to: to });
  });

  it('keeps the default range inside 3 months at the end of a month', () => {
    // 31 May less 3 months is not 28 February: the server would find that range 3 days too long.
    const { from, to } = defaultCodeRange(new Date(2026, 4, 31, 12));
    expect(to).toBe('2026-05-31');
    expect(from >= '2026-02-28').toBe(true);
    expect(from <= '2026-03-03').toBe(true);
  });

  it('offers only Renew and Delete on an expired code', async () => {
    setup([code(4, { expired: 1 })]);
    expect(await openMenu('10000000000004')).toEqual(['Renew', 'Delete']);
  });

  it('offers Edit, Renew, Reset and Change Status on other codes, then Delete last', async () => {
    setup([code(1), code(3, { status: 0 })]);
    expect(await openMenu('10000000000001')).toEqual(['Edit', 'Renew', 'Reset', 'Deactivate', 'Delete']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(await openMenu('10000000000003')).toEqual(['Edit', 'Renew', 'Reset', 'Activate', 'Delete']);
  });

  it('shows each action only with its permission', async () => {
    setup([code(1)], { permissions: ['index-code', 'renew-code', 'change-code-status'] });
    expect(await openMenu('10000000000001')).toEqual(['Renew', 'Deactivate']);
    expect(screen.queryByRole('button', { name: 'Create codes' })).not.toBeInTheDocument();
  });

  it('opens the editor of a code, naming its reseller when the code is another reseller’s', async () => {
    const { router } = setup([code(1, { email: 'other@example.test' })]);
    await openMenu('10000000000001');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByText('editor of /ibopro-playlist/10000000000001 {"resellerEmail":"other@example.test"}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ibopro-playlist/10000000000001');
  });

  it('asks before renewing, showing the cost, and sends the code alone for one of the caller’s', async () => {
    const { fetchMock } = setup([code(1)], {
      answer: (url) =>
        url.pathname === '/api/renew-code'
          ? json(200, { status: true, msg: 'ok', message: 'The code was renewed until 3/1/2028.', expire_date: '2028-03-01', remaining_credit: 4, data: code(1) })
          : undefined,
    });
    await openMenu('10000000000001');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew code' });
    expect(dialog).toHaveTextContent('Renew code 10000000000001? This costs 1 credit point.');
    expect(sentBodies(fetchMock, '/api/renew-code')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The code was renewed until 03-01-2028.'));
    expect(sentBodies(fetchMock, '/api/renew-code')).toEqual([{ value: '10000000000001' }]);
  });

  it('deletes another reseller’s code after confirming, naming its reseller', async () => {
    const { fetchMock } = setup([code(2, { email: 'other@example.test' })], {
      answer: (url) => (url.pathname === '/api/delete-code' ? json(200, { status: true, msg: 'ok', message: 'The code was deleted.' }) : undefined),
    });
    await openMenu('10000000000002');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The code was deleted.'));
    expect(sentBodies(fetchMock, '/api/delete-code')).toEqual([{ value: '10000000000002', resellerEmail: 'other@example.test' }]);
  });

  it('says in the delete confirmation the points that will come back, or why none will, then the answer', async () => {
    const refunded = 'The code was deleted. Credit given back to shop@example.test: 2.';
    setup([code(6, { type: 'lifetime', refundable_points: 2, refund_refused: null }), code(7, { refund_refused: 'redeemed' })], {
      answer: (url) =>
        url.pathname === '/api/delete-code'
          ? json(200, { status: true, msg: refunded, message: refunded, refunded_points: 2, refund_refused: null, refunded_to: { id: 7, email: ME } })
          : undefined,
    });
    await openMenu('10000000000007');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete code' });
    expect(dialog).toHaveTextContent('No credit will come back: the code was redeemed.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete code' })).not.toBeInTheDocument());

    await openMenu('10000000000006');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete code' });
    expect(dialog).toHaveTextContent('2 credit points will come back to the account that paid for it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(refunded));
  });

  it('resets a code by its id after confirming', async () => {
    const { fetchMock } = setup([code(5)], {
      answer: (url) =>
        url.pathname === '/api/reset-code'
          ? json(200, { status: true, msg: 'ok', message: 'The code was reset. Its new value is 55555555555555.', new_code: '55555555555555', data: code(5) })
          : undefined,
    });
    await openMenu('10000000000005');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Reset' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset code' })).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('The code was reset. Its new value is 55555555555555.'));
    expect(sentBodies(fetchMock, '/api/reset-code')).toEqual([{ code_id: 5 }]);
  });

  it('shows a refused action’s message in an error dialog, and a failed request as an unexpected error', async () => {
    let refusal: Response | undefined = json(409, { status: false, statusCode: 409, code: 'CODE_EXPIRED', msg: 'This code has expired.', message: 'This code has expired.', errors: {} });
    const { fetchMock } = setup([code(1)], { answer: (url) => (url.pathname === '/api/update-code-status' ? refusal : undefined) });
    await openMenu('10000000000001');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This code has expired.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument());

    refusal = undefined;
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await openMenu('10000000000001');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    expect(within(await screen.findByRole('dialog', { name: 'Error' })).getByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  it('shows a 422 of the list under the dates, and any other failure in place of the rows', async () => {
    let failure = json(422, {
      status: false,
      statusCode: 422,
      code: 'VALIDATION',
      msg: 'The given data was invalid.',
      message: 'The given data was invalid.',
      errors: { date_to: ['Date range cannot exceed 3 months'] },
    });
    setup([], { answer: (url) => (url.pathname === '/api/activation-codes' ? failure : undefined) });
    expect(await screen.findByText('Date range cannot exceed 3 months')).toBeInTheDocument();

    failure = json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Something went wrong.', message: 'Something went wrong.' });
    fireEvent.click(screen.getByRole('button', { name: 'Created' }));
    expect(await screen.findByText('An error occurred while fetching activation codes')).toBeInTheDocument();
  });

  it('opens every detail of a code when its value is clicked', async () => {
    setup([
      code(2, {
        is_active: 1,
        device_info: { mac_address: 'aa:bb:cc:dd:ee:ff', version: '1.2.0', ip: '10.0.0.1', _id: '77' },
        playlists: [{ name: 'Sports', url: 'http://tv.example.test/list.m3u', epg: null }],
      }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Details of code 10000000000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Code details' });
    for (const text of ['1.2.0', '10.0.0.1', '77', 'Sports', 'http://tv.example.test/list.m3u', 'Yes']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
  });

  it('exports every page of the current filter as a CSV file', async () => {
    const created = vi.fn<(blob: Blob) => string>(() => 'blob:codes');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const many = Array.from({ length: 150 }, (_, i) => code(i + 1, { email: i === 0 ? '=cmd@example.test' : ME }));
    const { fetchMock } = setup([code(1)], {
      answer: (url) => {
        if (url.pathname !== '/api/activation-codes' || url.searchParams.get('per_page') !== '100') return undefined;
        const n = Number(url.searchParams.get('page'));
        return json(200, page(many.slice((n - 1) * 100, n * 100), { total: 150, last_page: 2, current_page: n, per_page: 100 }));
      },
    });
    await screen.findByText('10000000000001');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exports = listRequests(fetchMock).filter((q) => q.per_page === '100');
    expect(exports.map((q) => q.page)).toEqual(['1', '2']);
    expect(exports[0]).toMatchObject({ sort_key: 'created_at', date_from: defaultCodeRange().from });
    const csv = await created.mock.calls[0]![0].text();
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(151);
    expect(lines[0]).toBe('Code,Type,Reseller email,Device,Expires,State,Created');
    expect(lines[1]).toContain(`10000000000001,Yearly,'=cmd@example.test,,`);
    expect(toasts.success).toHaveBeenCalledWith('150 codes exported.');
    click.mockRestore();
  });
});

describe('ActivationCodesPage create-code popup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  const created = [code(11, { type: 'lifetime', expire_date: LIFETIME_EXPIRY }), code(12, { type: 'lifetime', expire_date: LIFETIME_EXPIRY })];

  const openPopup = async (permissions = ALL) => {
    const result = setup([], {
      permissions,
      answer: (url) =>
        url.pathname === '/api/sendingcode'
          ? json(200, { status: true, msg: 'ok', message: '2 activation codes created.', data: created, credit_points: 4, remaining_credit: 16 })
          : undefined,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create codes' }));
    return { ...result, dialog: await screen.findByRole('dialog', { name: 'Create codes' }) };
  };

  /** The popup's price line (the live region under "Price"; the submit row has its own for errors). */
  const priceLine = (dialog: HTMLElement) => within(dialog).getByText('Price').closest<HTMLElement>('[role="status"]');

  it('shows the price of the codes before the purchase is confirmed', async () => {
    const { dialog, fetchMock } = await openPopup();
    expect(priceLine(dialog)).toHaveTextContent('1 code × 1 credit = 1 credit');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Lifetime · 2 credits' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Number of codes/ }), { target: { value: '3' } });
    expect(priceLine(dialog)).toHaveTextContent('3 codes × 2 credits = 6 credits');
    expect(sentBodies(fetchMock, '/api/sendingcode')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and buy' }));
    const done = await screen.findByRole('dialog', { name: 'New activation codes' });
    expect(sentBodies(fetchMock, '/api/sendingcode')).toEqual([{ subscriptionType: 'lifetime', codeCount: 3 }]);
    expect(within(done).getByText('2 activation codes created.')).toBeInTheDocument();
    expect(within(done).getByRole('list', { name: 'New codes' })).toHaveTextContent('100000000000011 · Lifetime100000000000012 · Lifetime');
    expect(within(done).getByText(/4 credit points were spent\. Your balance is now 16\./)).toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'Copy all codes' })).toBeInTheDocument();
  });

  it('says at once that at most 10 codes may be created per request', async () => {
    const { dialog, fetchMock } = await openPopup();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Number of codes/ }), { target: { value: '11' } });
    expect(within(dialog).getByText('Maximum 10 codes allowed per request')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm and buy' })).toBeDisabled();
    expect(priceLine(dialog)).toHaveTextContent('—');
    expect(sentBodies(fetchMock, '/api/sendingcode')).toEqual([]);
  });

  it('refuses a negative or fractional number of codes with its message, buying nothing', async () => {
    const { dialog, fetchMock } = await openPopup();
    const count = within(dialog).getByRole('textbox', { name: /Number of codes/ });
    for (const typed of ['-1', '2.5']) {
      fireEvent.change(count, { target: { value: typed } });
      expect(count).toHaveValue(typed);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and buy' }));
      expect(await within(dialog).findByText('The number of codes must be a whole number from 1 to 10.')).toBeInTheDocument();
    }
    expect(sentBodies(fetchMock, '/api/sendingcode')).toEqual([]);
  });

  it('offers the reseller e-mail only with ibopro-search, and refuses one that is not an e-mail', async () => {
    const { dialog, fetchMock } = await openPopup([...ALL, 'ibopro-search']);
    const email = within(dialog).getByRole('combobox', { name: 'Reseller email (optional)' });
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and buy' }));
    expect(await within(dialog).findByText('Please enter a valid reseller email')).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/sendingcode')).toEqual([]);

    fireEvent.change(email, { target: { value: 'other@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm and buy' }));
    await screen.findByRole('dialog', { name: 'New activation codes' });
    expect(sentBodies(fetchMock, '/api/sendingcode')).toEqual([{ subscriptionType: 'yearly', codeCount: 1, resellerEmail: 'other@example.test' }]);
  });

  it('has no reseller e-mail without ibopro-search', async () => {
    const { dialog } = await openPopup();
    expect(within(dialog).queryByRole('combobox', { name: /Reseller email/ })).not.toBeInTheDocument();
  });
});
