import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchMock, json, renderWithProviders, stubFetch, testQueryClient } from '../../test-utils';
import { BulkActionModal, type BulkAction } from './bulk-action-modal';
import type { BulkOutcome } from './run-bulk';
import { resellerRow } from './test-fixtures';

const row = (id: number, email: string) => resellerRow({ id, name: `Reseller ${id}`, email, credit_point: 10 });

const rows = [row(11, 'one@example.com'), row(12, 'two@example.com'), row(13, 'three@example.com')];

function setup(action: BulkAction, onFinished = vi.fn<(outcomes: BulkOutcome[]) => void>()) {
  const client = testQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderWithProviders(<BulkActionModal action={action} rows={rows} onClose={vi.fn()} onFinished={onFinished} />, client);
  return { invalidate, onFinished };
}

describe('BulkActionModal', () => {
  let fetchMock: FetchMock;
  let release: (() => void) | undefined;
  beforeEach(() => {
    fetchMock = stubFetch();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('disables each selected reseller with its own request, showing progress and a result per reseller', async () => {
    fetchMock.mockImplementation(async (url: URL) => {
      // The second reseller's answer waits, so the progress in between can be seen.
      if (url.pathname === '/api/update-reseller/12/status') {
        await new Promise<void>((resolve) => (release = resolve));
        return json(403, { status: false, code: 'C10014', statusCode: 'C10014', msg: 'Cannot edit an admin account', errors: {} });
      }
      return json(200, { status: true, msg: 'Reseller status updated.' });
    });
    const { invalidate, onFinished } = setup('disable');
    const dialog = await screen.findByRole('dialog', { name: 'Disable resellers' });
    expect(within(dialog).getByText(/Disable the selected resellers \(3\)/)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable selected' }));
    expect(await within(dialog).findByText('1 of 3 done…')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '33');
    // The run cannot be closed halfway.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();

    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await within(dialog).findByText('Finished: 2 succeeded, 1 failed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100');

    const items = within(within(dialog).getByRole('list', { name: 'Results per reseller' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/Success.*one@example\.com.*Reseller status updated\./);
    // A 403 on enable/disable reads 'Action Not Allowed' (business-panel.md §8).
    expect(items[1]).toHaveTextContent(/Failed.*two@example\.com.*Action Not Allowed/);
    expect(items[2]).toHaveTextContent(/Success.*three@example\.com/);

    const calls = fetchMock.mock.calls.map(([url, init]) => [url.pathname, init?.method, init?.body]);
    expect(calls).toEqual([
      ['/api/update-reseller/11/status', 'PUT', JSON.stringify({ is_disable_by_admin: 1 })],
      ['/api/update-reseller/12/status', 'PUT', JSON.stringify({ is_disable_by_admin: 1 })],
      ['/api/update-reseller/13/status', 'PUT', JSON.stringify({ is_disable_by_admin: 1 })],
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['resellers'] });
    expect(onFinished).toHaveBeenCalledWith([
      expect.objectContaining({ id: 11, ok: true }),
      expect.objectContaining({ id: 12, ok: false }),
      expect.objectContaining({ id: 13, ok: true }),
    ]);
    for (const button of within(dialog).getAllByRole('button', { name: 'Close' })) expect(button).toBeEnabled();
  });

  it('removes with the server message of a refusal in the result', async () => {
    fetchMock.mockImplementation(async (_url: URL, init?: RequestInit) => {
      const id = (JSON.parse(init!.body as string) as { requestData: { resellerId: number } }).requestData.resellerId;
      return id === 13
        ? json(403, { status: false, code: 'C10013', statusCode: 'C10013', msg: 'Unauthorized. You are not the parent reseller.', errors: {} })
        : json(200, { status: true, msg: 'Reseller removed.' });
    });
    setup('remove');
    const dialog = await screen.findByRole('dialog', { name: 'Remove resellers' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove selected' }));
    expect(await within(dialog).findByText('Finished: 2 succeeded, 1 failed.')).toBeInTheDocument();
    const items = within(dialog).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent(/Failed.*three@example\.com.*Unauthorized\. You are not the parent reseller\./);
    expect(fetchMock.mock.calls.every(([url]) => url.pathname === '/api/resellers/remove')).toBe(true);
  });
});
