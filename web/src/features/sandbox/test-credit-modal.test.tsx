import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { setMode } from '../../lib/mode';
import { json, renderWithProviders, sentBodies, stubFetch, type FetchMock } from '../../test-utils';
import { SandboxBanner } from './sandbox-banner';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

/** What the top bar shows: the caller's balance, under the key every balance change refreshes. */
function Balance() {
  const balance = useQuery({ queryKey: ['credit-points'], queryFn: () => api<{ credit_point: number }>('/get-resellers/credit-points') });
  return <p>balance {balance.data?.credit_point ?? '…'}</p>;
}

describe('SandboxBanner and the test credit modal', () => {
  let fetchMock: FetchMock;
  beforeEach(() => {
    toasts.success.mockReset();
    let balance = 0;
    fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/sandbox/test-credit') {
        const { credit_points } = JSON.parse(init!.body as string) as { credit_points: number };
        balance += credit_points;
        return json(200, { status: true, msg: `Test credit added: your sandbox balance grew by ${credit_points} credit points.`, data: { credit_point: balance, added: credit_points } });
      }
      if (url.pathname === '/api/sandbox/get-resellers/credit-points') return json(200, { status: true, msg: 'OK', credit_point: balance });
      return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
    });
  });
  afterEach(() => {
    setMode('live');
    vi.unstubAllGlobals();
  });

  it('is not shown in live mode', () => {
    renderWithProviders(<SandboxBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add test credit' })).not.toBeInTheDocument();
  });

  it('says the sandbox holds test data only, refuses 0 with the contract message, then adds the points and refreshes the balance', async () => {
    setMode('sandbox');
    renderWithProviders(
      <>
        <SandboxBanner />
        <Balance />
      </>,
    );
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Sandbox mode');
    expect(banner).toHaveTextContent('Test data only. Nothing here changes your live credit, devices or orders.');
    expect(await screen.findByText('balance 0')).toBeInTheDocument();

    fireEvent.click(within(banner).getByRole('button', { name: 'Add test credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add test credit' });
    const points = within(dialog).getByRole('textbox', { name: /Test credit points/ });
    expect(within(dialog).getByText('A whole number from 1 to 1,000,000, added to your sandbox balance only.')).toBeInTheDocument();

    // A negative or fractional amount is kept as typed and refused, never turned into another amount.
    for (const typed of ['0', '-10', '2.5']) {
      fireEvent.change(points, { target: { value: typed } });
      expect(points).toHaveValue(typed);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add test credit' }));
      expect(await within(dialog).findByText('Enter a whole number of test credit points from 1 to 1,000,000.')).toBeInTheDocument();
      expect(points).toHaveAttribute('aria-invalid', 'true');
    }
    expect(sentBodies(fetchMock, '/api/sandbox/test-credit')).toEqual([]);

    fireEvent.change(points, { target: { value: '50' } });
    // The amount, and the sandbox balance of 0 after it.
    expect(within(within(dialog).getByRole('group', { name: 'What happens' })).getAllByText('50 credit points')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add test credit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, '/api/sandbox/test-credit')).toEqual([{ credit_points: 50 }]);
    expect(toasts.success).toHaveBeenCalledWith('Test credit added: your sandbox balance grew by 50 credit points.');
    expect(await screen.findByText('balance 50')).toBeInTheDocument();
  });

  it('shows the server’s field message when it refuses the amount', async () => {
    setMode('sandbox');
    fetchMock.mockImplementation(async () =>
      json(422, {
        status: false,
        statusCode: 422,
        code: 'VALIDATION',
        msg: 'Enter a whole number of test credit points from 1 to 1,000,000.',
        message: 'Enter a whole number of test credit points from 1 to 1,000,000.',
        errors: { credit_points: ['Enter a whole number of test credit points from 1 to 1,000,000.'] },
      }),
    );
    renderWithProviders(<SandboxBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Add test credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add test credit' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Test credit points/ }), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add test credit' }));
    expect(await within(dialog).findByText('Enter a whole number of test credit points from 1 to 1,000,000.')).toBeInTheDocument();
    expect(toasts.success).not.toHaveBeenCalled();
  });
});
