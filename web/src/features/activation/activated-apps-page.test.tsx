import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_PERMISSIONS, type ActivationRecord } from '@panel/contract';
import dayjs from 'dayjs';
import { allowedApplications, json, pickerDay, renderWithProviders, sentBodies, stubFetch } from '../../test-utils';
import { ActivatedAppsPage } from './activated-apps-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const record = (id: number, overrides: Partial<ActivationRecord> = {}): ActivationRecord => ({
  id,
  module: 'IBOPLAYER',
  app_id: 1,
  mac_address: `aa:bb:cc:dd:ee:0${id}`,
  reseller_id: 7,
  reseller_detail: { email: 'shop@example.com' },
  package: '1-Year',
  box_expiry_date: '2027-01-05T10:00:00.000Z',
  is_lifetime: false,
  credit_point: 1,
  comment: null,
  activated_from: 'panel',
  created_at: '2026-01-05T10:00:00.000Z',
  refunded_at: null,
  undo_until: null,
  ...overrides,
});

const page = (rows: ActivationRecord[]) => ({
  status: true,
  msg: 'ok',
  data: { data: rows, current_page: 1, last_page: 1, total: rows.length, total_capped: false },
});

function setup(rows: ActivationRecord[], exportAnswer: () => Response = () => json(404, {})) {
  const fetchMock = stubFetch(async (url) => {
    if (url.pathname === '/api/activated-apps-list') return json(200, page(rows));
    if (url.pathname === '/api/devices-export') return exportAnswer();
    if (url.pathname === '/api/update-comment') return json(200, { status: true, msg: 'Remark updated.' });
    if (url.pathname === '/api/activations/5/undo') return json(200, { status: true, msg: 'Activation undone. Credit points refunded: 1.', data: {} });
    if (url.pathname === '/api/activations/6/undo')
      return json(409, { status: false, code: 'UNDO_DEVICE_CHECKED_IN', statusCode: 409, msg: 'The device has used it.', message: 'The device has used it.', errors: {} });
    if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications([]);
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', errors: {} });
  });
  renderWithProviders(<ActivatedAppsPage />);
  const bodies = (path: string) => sentBodies(fetchMock, path);
  const listRequests = () => bodies('/api/activated-apps-list').map((body) => body.requestData as Record<string, unknown>);
  return { bodies, listRequests, fetchMock };
}

describe('ActivatedAppsPage', () => {
  beforeEach(() => {
    Cookies.set(COOKIE_PERMISSIONS, 'platform-users list,multi apps activation-remarks');
  });
  afterEach(() => {
    Cookies.remove(COOKIE_PERMISSIONS);
    vi.unstubAllGlobals();
  });

  it('asks for the newest activations first and shows Lifetime for a lifetime expiry', async () => {
    const { listRequests } = setup([record(1, { is_lifetime: true, box_expiry_date: '9999-12-31T00:00:00.000Z' })]);
    const table = await screen.findByRole('table', { name: 'Activated Apps List' });
    expect(await within(table).findByText('Lifetime')).toBeInTheDocument();
    expect(within(table).getByText('shop@example.com')).toBeInTheDocument();
    expect(listRequests()[0]).toMatchObject({ pageNumber: 1, pageSize: 10, search_type: 'general', sort_key: 'created_at', sort_type: 'desc' });
  });

  it('says No records found for an empty list', async () => {
    setup([]);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
  });

  it('offers no Export CSV when no device was ever activated', async () => {
    setup([]);
    expect(await screen.findByText('No records found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('picks a date range in which days over 3 months from the start cannot be chosen, and sends it', async () => {
    const { listRequests } = setup([record(1)]);
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    expect(screen.getByText('At most 3 months from start to end')).toBeInTheDocument();
    const start = dayjs().date(10);
    fireEvent.click(screen.getByRole('button', { name: /^Dates/ }));
    fireEvent.click(await pickerDay(start.format('YYYY-MM-DD')));
    // Only whole ranges are asked for.
    expect(listRequests()).toHaveLength(1);
    expect(await pickerDay(start.add(3, 'month').add(1, 'day').format('YYYY-MM-DD'))).toBeDisabled();
    const end = await pickerDay(start.add(3, 'month').format('YYYY-MM-DD'));
    expect(end).toBeEnabled();
    fireEvent.click(end);
    await waitFor(() =>
      expect(listRequests().at(-1)).toMatchObject({ start_date: start.format('YYYY-MM-DD'), end_date: start.add(3, 'month').format('YYYY-MM-DD'), pageNumber: 1 }),
    );
  });

  it('searches by MAC address once 3 characters are typed', async () => {
    const { listRequests } = setup([record(1)]);
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    fireEvent.click(screen.getByRole('radio', { name: 'MAC address' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'aa:bb' } });
    await waitFor(() => expect(listRequests().at(-1)).toMatchObject({ search_type: 'mac', keyword: 'aa:bb' }));
  });

  it('edits a remark in place and saves it on Enter', async () => {
    const { bodies } = setup([record(4, { comment: 'old note' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the remark for IBOPLAYER aa:bb:cc:dd:ee:04' }));
    const box = screen.getByRole('textbox', { name: 'Remark for IBOPLAYER aa:bb:cc:dd:ee:04' });
    expect(box).toHaveValue('old note');
    fireEvent.change(box, { target: { value: ' customer paid cash ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.blur(box);
    await waitFor(() => expect(screen.getByText('customer paid cash')).toBeInTheDocument());
    expect(bodies('/api/update-comment')).toEqual([{ id: 4, comment: 'customer paid cash' }]);
    expect(toasts.success).toHaveBeenCalledWith('Remark updated.');
  });

  it('keeps a pasted remark past 255 characters in its open box, counted and told, and saves nothing', async () => {
    const { bodies } = setup([record(4, { comment: 'old note' })]);
    fireEvent.click(await screen.findByRole('button', { name: /Edit the remark/ }));
    const box = screen.getByRole('textbox', { name: /Remark for/ });
    expect(box).not.toHaveAttribute('maxlength');
    fireEvent.change(box, { target: { value: 'p'.repeat(256) } });
    expect(screen.getByText('256 / 255')).toBeInTheDocument();
    expect(screen.getByText('Character limit reached: at most 255 characters.')).toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.blur(box);
    expect(box).toBeInTheDocument();
    expect(box).toHaveValue('p'.repeat(256));
    expect(bodies('/api/update-comment')).toEqual([]);
  });

  it('gives up an edit on Escape', async () => {
    const { bodies } = setup([record(4, { comment: 'old note' })]);
    fireEvent.click(await screen.findByRole('button', { name: /Edit the remark/ }));
    const box = screen.getByRole('textbox', { name: /Remark for/ });
    fireEvent.change(box, { target: { value: 'changed' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByText('old note')).toBeInTheDocument();
    expect(bodies('/api/update-comment')).toEqual([]);
  });

  it('shows remarks read-only without the remarks permission', async () => {
    Cookies.set(COOKIE_PERMISSIONS, 'platform-users list');
    setup([record(4, { comment: 'old note' })]);
    expect(await screen.findByText('old note')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit the remark/ })).not.toBeInTheDocument();
  });

  describe('Export CSV', () => {
    const csv = '\uFEFF"mac_address","app"\r\n"aa:bb:cc:dd:ee:01","IBOPLAYER"\r\n';
    const created = vi.fn<(blob: Blob) => string>(() => 'blob:devices');
    beforeEach(() => {
      created.mockClear();
      URL.createObjectURL = created;
      URL.revokeObjectURL = vi.fn();
      toasts.error.mockClear();
    });

    it("downloads the server's file of every activated device under the server's name", async () => {
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const { fetchMock } = setup([record(1)], () =>
        new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="devices-2026-01-31.csv"' } }),
      );
      await screen.findByRole('table', { name: 'Activated Apps List' });
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const [url, init] = fetchMock.mock.calls.find(([u]) => u.pathname === '/api/devices-export')!;
      // The whole reach, not the page: no filters are sent.
      expect(url.search).toBe('');
      expect(init?.method ?? 'GET').toBe('GET');
      const blob = created.mock.calls[0]![0];
      // As sent, byte order mark included (Blob.text() would drop it).
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe(csv);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('devices-2026-01-31.csv');
      expect(toasts.error).not.toHaveBeenCalled();
      click.mockRestore();
    });

    it("shows the server's refusal", async () => {
      setup([record(1)], () => json(403, { status: false, statusCode: 403, code: 'FORBIDDEN', msg: 'You are not allowed to do this.', message: 'You are not allowed to do this.' }));
      await screen.findByRole('table', { name: 'Activated Apps List' });
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('You are not allowed to do this.'));
      expect(created).not.toHaveBeenCalled();
    });

    it('says the export failed on a server error', async () => {
      setup([record(1)], () => json(500, { status: false, statusCode: 500, code: 'INTERNAL', msg: 'Internal error', message: 'Internal error' }));
      await screen.findByRole('table', { name: 'Activated Apps List' });
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to export the devices.'));
    });
  });

  describe('undo (issue 27)', () => {
    const soon = () => new Date(Date.now() + 3_600_000).toISOString();
    beforeEach(() => {
      Cookies.set(COOKIE_PERMISSIONS, 'platform-users list,multi apps activation');
    });

    it('offers Undo only on rows within their window and not undone, and marks an undone row Refunded', async () => {
      setup([
        record(5, { undo_until: soon() }),
        record(7, { undo_until: new Date(Date.now() - 1000).toISOString() }),
        record(8, { refunded_at: '2026-01-05T11:00:00.000Z' }),
      ]);
      expect(await screen.findByRole('button', { name: 'Undo the activation of IBOPLAYER on aa:bb:cc:dd:ee:05' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /aa:bb:cc:dd:ee:07/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Undo the activation of IBOPLAYER on aa:bb:cc:dd:ee:08/ })).not.toBeInTheDocument();
      expect(screen.getByText('Refunded')).toBeInTheDocument();
    });

    it('asks first, then sends the undo with a request-id and tells the result', async () => {
      const { fetchMock } = setup([record(5, { undo_until: soon() })]);
      fireEvent.click(await screen.findByRole('button', { name: 'Undo the activation of IBOPLAYER on aa:bb:cc:dd:ee:05' }));
      expect(await screen.findByText('Undo this activation?')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Undo activation' }));
      await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Activation undone. Credit points refunded: 1.'));
      const call = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/activations/5/undo')!;
      expect(call[1]!.method).toBe('POST');
      expect((call[1]!.headers as Record<string, string>)['request-id']).toMatch(/^[\w-]{8,}$/);
    });

    it("shows the server's reason when the undo is refused", async () => {
      setup([record(6, { undo_until: soon() })]);
      fireEvent.click(await screen.findByRole('button', { name: 'Undo the activation of IBOPLAYER on aa:bb:cc:dd:ee:06' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Undo activation' }));
      await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('The device has used it.'));
    });

    it('offers no Undo without the activation permission', async () => {
      Cookies.set(COOKIE_PERMISSIONS, 'platform-users list');
      setup([record(5, { undo_until: soon() })]);
      expect(await screen.findByText('shop@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Undo/ })).not.toBeInTheDocument();
    });
  });
});
