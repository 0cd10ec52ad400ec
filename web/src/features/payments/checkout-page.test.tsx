import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingStatus } from '@panel/contract';
import { session } from '../../lib/session';
import { api } from '../../api/client';
import { json, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { CheckoutPage } from './checkout-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), warning: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, toastWarning: toasts.warning, showToast: vi.fn() }));

const ORDER = '4f1c2d3e-0000-4000-8000-000000000001';
const ORDER_PATH = `/api/payments/sandbox/${ORDER}`;

/** The outcomes the page posted (its GETs of the order share the path). */
const outcomes = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === ORDER_PATH && init?.method === 'POST').map(([, init]) => JSON.parse(init!.body as string) as unknown);

/** What the top bar shows: the caller's balance, under the query key every balance change refreshes. */
function Balance() {
  const balance = useQuery({ queryKey: ['credit-points'], queryFn: () => api<{ credit_point: number }>('/get-resellers/credit-points') });
  return <p>balance {balance.data?.credit_point}</p>;
}

function setup({ status = 'pending', outcome, order }: { status?: BillingStatus; outcome?: (body: Record<string, unknown>) => Response; order?: () => Response } = {}) {
  session.save('t0k3n', ['purchase-package'], false);
  let balance = 10;
  const fetchMock = stubFetch(async (url, init) => {
    if (url.pathname === ORDER_PATH && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as Record<string, unknown>;
      if (outcome) return outcome(body);
      balance = 1010;
      return json(200, { status: true, msg: 'Payment received: your balance grew by 1000 credit points.', data: { orderId: ORDER, status: 'completed', credit_point: balance } });
    }
    if (url.pathname === ORDER_PATH) {
      if (order) return order();
      return json(200, { status: true, msg: 'OK', data: { orderId: ORDER, plan_title: 'Gold', amount: '19.90', currency: 'EUR', credit_point: 1000, status } });
    }
    if (url.pathname === '/api/get-resellers/credit-points') return json(200, { status: true, msg: 'OK', credit_point: balance });
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
  const router = createMemoryRouter(
    [
      { path: '/checkout/:orderId', element: <CheckoutPage /> },
      { path: '/billing', element: <p>billing records</p> },
    ],
    { initialEntries: [`/checkout/${ORDER}`] },
  );
  renderWithProviders(
    <>
      <Balance />
      <RouterProvider router={router} />
    </>,
  );
  return { fetchMock, router };
}

describe('CheckoutPage', () => {
  beforeEach(() => {
    toasts.error.mockClear();
    toasts.success.mockClear();
    toasts.warning.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows the plan, its credit points and its price in euros', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Gold' })).toBeInTheDocument();
    expect(screen.getByText('€19.90')).toBeInTheDocument();
    expect(screen.getByText('1,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('says that the order was not found when the link holds no order id, not that "the given data was invalid"', async () => {
    const notFound = 'Order not found. This payment link is no longer valid: buy the package again from Payment plans.';
    setup({ order: () => json(422, { status: false, code: 'VALIDATION', statusCode: 422, msg: 'The given data was invalid.', message: 'The given data was invalid.', errors: { orderId: [notFound] } }) });
    expect(await screen.findByText(notFound)).toBeInTheDocument();
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
  });

  it("pays the order, then shows the billing records with the server's sentence", async () => {
    const { fetchMock, router } = setup();
    expect(await screen.findByText('balance 10')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(outcomes(fetchMock)).toEqual([{ outcome: 'paid' }]);
    expect(toasts.success).toHaveBeenCalledWith('Payment received: your balance grew by 1000 credit points.');
    expect(await screen.findByText('billing records')).toBeInTheDocument();
    // The top bar's balance is asked again: the paid points show at once.
    expect(await screen.findByText('balance 1010')).toBeInTheDocument();
  });

  it('tells a failed payment in red and a cancelled one as a warning', async () => {
    const answer = (status: BillingStatus, msg: string) => () => json(200, { status: true, msg, data: { orderId: ORDER, status, credit_point: 10 } });
    const failed = setup({ outcome: answer('failed', 'The payment failed. No credit points were added.') });
    fireEvent.click(await screen.findByRole('button', { name: 'Fail' }));
    await waitFor(() => expect(failed.router.state.location.pathname).toBe('/billing'));
    expect(outcomes(failed.fetchMock)).toEqual([{ outcome: 'failed' }]);
    expect(toasts.error).toHaveBeenCalledWith('The payment failed. No credit points were added.');
    vi.unstubAllGlobals();

    const cancelled = setup({ outcome: answer('cancelled', 'The payment was cancelled. No credit points were added.') });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cancelled.router.state.location.pathname).toBe('/billing'));
    expect(outcomes(cancelled.fetchMock)).toEqual([{ outcome: 'cancelled' }]);
    expect(toasts.warning).toHaveBeenCalledWith('The payment was cancelled. No credit points were added.');
  });

  it('shows an order no longer pending with its status and a link back, without the buttons', async () => {
    setup({ status: 'completed' });
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to billing records' })).toHaveAttribute('href', '/billing');
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('stays on the page with the reason when the order was decided meanwhile', async () => {
    const { router } = setup({
      outcome: () => json(409, { status: false, code: 'CONFLICT', statusCode: 409, msg: 'This order is already cancelled and can no longer be paid.', errors: {} }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('This order is already cancelled and can no longer be paid.'));
    expect(router.state.location.pathname).toBe(`/checkout/${ORDER}`);
  });
});
