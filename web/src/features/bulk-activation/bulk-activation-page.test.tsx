import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkActivationResult, BulkRowResult } from '@panel/contract';
import { changeLocale } from '../../i18n';
import { formatRecordDay } from '../../lib/format';
import { session } from '../../lib/session';
import { allowedApplications, json, renderWithProviders, stubFetch } from '../../test-utils';
import { BulkActivationPage } from './bulk-activation-page';

const row = (n: number, overrides: Partial<BulkRowResult> = {}): BulkRowResult => ({
  row: n + 1,
  mac_address: `0a:00:00:00:00:0${n}`,
  apps: ['IBO Player'],
  package: '1-year',
  status: 'ok',
  message: `IBO Player can be activated on 0a:00:00:00:00:0${n}.`,
  cost: 1,
  expire_date: null,
  ...overrides,
});

const answer = (data: BulkActivationResult) => json(200, { status: true, msg: 'OK', data });
const checked: BulkActivationResult = {
  dry_run: true,
  rows: [row(1), row(2), row(3, { status: 'error', message: 'IBO Player: This device is disabled.', cost: 0 })],
  total_cost: 2,
  activated: 2,
  failed: 1,
  credit_point: 10,
};
const activated: BulkActivationResult = {
  ...checked,
  dry_run: false,
  rows: [
    row(1, { message: 'IBO Player activated on 0a:00:00:00:00:01.', expire_date: '2027-11-25T10:00:00.000Z' }),
    row(2, { message: 'IBO Player activated on 0a:00:00:00:00:02.', expire_date: '2027-11-25T10:00:00.000Z' }),
    checked.rows[2]!,
  ],
  credit_point: 8,
};

type Sent = { dryRun: string; file: string; requestId: string | null };

function setup(server: (sent: Sent) => Response) {
  session.save('t0k3n', ['multi apps activation'], false);
  const sent: Sent[] = [];
  const fetchMock = stubFetch((async (url, init) => {
    if (url.pathname === '/api/fetch-allowed-applications') return allowedApplications([{ id: 1, app_name: 'IBO Player' } as never]);
    if (url.pathname === '/api/bulk-activations/progress') return json(200, { status: true, msg: 'OK', data: { started: true, done: 1, total: 3, finished: false } });
    if (url.pathname === '/api/bulk-activations') {
      const form = init!.body as FormData;
      const request = { dryRun: form.get('dry_run') as string, file: await (form.get('file') as File).text(), requestId: new Headers(init!.headers).get('request-id') };
      sent.push(request);
      return server(request);
    }
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', msg: 'no route', message: 'no route', errors: {} });
  }));
  renderWithProviders(<BulkActivationPage />);
  return { sent, fetchMock };
}

const csvFile = () => new File(['mac_address,apps,package,comment\r\n0a:00:00:00:00:01,IBO Player,1-year,\r\n'], 'devices.csv', { type: 'text/csv' });

async function dropFile(file = csvFile()) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, file);
}

describe('BulkActivationPage', () => {
  beforeEach(() => vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks a dropped file with a dry run, shows each row and the cost, then activates it once with a request id', async () => {
    const { sent } = setup((request) => answer(request.dryRun === 'true' ? checked : activated));
    await dropFile();

    expect(await screen.findByText('2 rows can be activated for 2 credit points; 1 cannot. Your balance: 10.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(within(table).getByText('IBO Player: This device is disabled.')).toBeInTheDocument();
    expect(sent).toEqual([{ dryRun: 'true', file: expect.stringContaining('0a:00:00:00:00:01') as string, requestId: null }]);

    await userEvent.click(screen.getByRole('button', { name: 'Activate 2 devices' }));
    // Nothing is charged before the confirmation, which says what the run does.
    const confirm = await screen.findByRole('dialog', { name: 'Activate these devices now?' });
    expect(sent).toHaveLength(1);
    expect(within(confirm).getByText('2 devices · devices.csv')).toBeInTheDocument();
    expect(within(confirm).getByText('2 credit points')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Activate 2 devices' }));
    expect(await screen.findByText('2 rows activated for 2 credit points; 1 failed. Your balance: 8.')).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ dryRun: 'false' });
    expect(sent[1]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('button', { name: /Activate/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Rows of the file' })).getByText('IBO Player activated on 0a:00:00:00:00:01.')).toBeInTheDocument();
    // The expiry in its own column, in the date style of the lists.
    expect(within(screen.getByRole('table', { name: 'Rows of the file' })).getAllByText(formatRecordDay('2027-11-25T10:00:00.000Z'))).toHaveLength(2);
  });

  it('shows only the rows with an error when asked', async () => {
    setup(() => answer(checked));
    await dropFile();
    await screen.findByRole('table', { name: 'Rows of the file' });
    await userEvent.click(screen.getByText('Errors only'));
    const table = screen.getByRole('table', { name: 'Rows of the file' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('shows why a file is refused, under the drop zone', async () => {
    setup(() =>
      json(422, {
        status: false,
        code: 'VALIDATION',
        msg: 'The first line of the file must be the header mac_address,apps,package,comment.',
        message: 'The first line of the file must be the header mac_address,apps,package,comment.',
        errors: { file: ['The first line of the file must be the header mac_address,apps,package,comment.'] },
      }),
    );
    await dropFile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The first line of the file must be the header mac_address,apps,package,comment.');
  });

  it('offers no activation when no row can be activated', async () => {
    setup(() => answer({ ...checked, rows: [checked.rows[2]!], activated: 0, failed: 1, total_cost: 0 }));
    await dropFile();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activate 0 devices' })).toBeDisabled());
  });

  describe('the summary counts rows and credit points in the words of the language', () => {
    const result = (activated: number): BulkActivationResult => ({
      dry_run: true,
      rows: Array.from({ length: activated }, (_, n) => row(n)),
      total_cost: activated,
      activated,
      failed: 0,
      credit_point: 10,
    });
    const summary = async () => (await screen.findByRole('status')).textContent.replace(/[\u2068\u2069]/g, '');
    afterEach(() => changeLocale('en'));

    it.each([
      [1, '1 row can be activated for 1 credit point; 0 cannot. Your balance: 10.'],
      [2, '2 rows can be activated for 2 credit points; 0 cannot. Your balance: 10.'],
    ])('uses the English form for %i', async (count, text) => {
      setup(() => answer(result(count)));
      await dropFile();
      expect(await summary()).toBe(text);
    });

    it.each([
      [1, 'يمكن تفعيل صف واحد مقابل نقطة رصيد واحدة؛ ولا يمكن تفعيل 0. رصيدك: 10.'],
      [2, 'يمكن تفعيل صفين مقابل نقطتي رصيد؛ ولا يمكن تفعيل 0. رصيدك: 10.'],
      [3, 'يمكن تفعيل 3 صفوف مقابل 3 نقاط رصيد؛ ولا يمكن تفعيل 0. رصيدك: 10.'],
      [11, 'يمكن تفعيل 11 صفًا مقابل 11 نقطة رصيد؛ ولا يمكن تفعيل 0. رصيدك: 10.'],
    ])('uses the Arabic form for %i', async (count, text) => {
      await changeLocale('ar');
      setup(() => answer(result(count)));
      await dropFile();
      expect(await summary()).toBe(text);
    });

    it('isolates each number of an Arabic summary, so that it keeps its place in the right-to-left sentence', async () => {
      await changeLocale('ar');
      setup(() => answer(result(3)));
      await dropFile();
      expect((await screen.findByRole('status')).textContent).toContain('\u20683\u2069 صفوف');
    });
  });
});
