import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PublicStoreOrder } from '@panel/contract';
import { changeLocale, loadStoreTexts } from '../../i18n';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { ApiError } from '../../api/client';
import { ORDER_POLL_MS, publicOrderQuery } from './get-public-order';
import { keepOrderToken } from './order-tokens';
import { StoreOrderPage } from './store-order-page';

const base: PublicStoreOrder = {
  id: 7,
  status: 'awaiting_approval',
  method: 'manual',
  product_name: 'IBO one year',
  package: 'one_year',
  apps: [{ id: 1, name: 'IBOPLAYER' }],
  mac_address: 'aa:bb:cc:dd:ee:ff',
  price: 990,
  currency: 'EUR',
  instructions: 'PIX key: 123',
  expires_at: null,
  is_lifetime: false,
  reason: null,
  created_at: '2026-12-07T04:00:00.000Z',
  activated_at: null,
};

const routes = [{ path: '/store/:slug/orders/:id', element: <StoreOrderPage /> }];

/** The fake server: a closed store (the page works without it) and the order's answers, one per read (the last repeats). */
function serve(...answers: Partial<PublicStoreOrder>[]) {
  let reads = 0;
  return stubFetch(async (url) => {
    if (url.pathname === '/api/public/orders/7') {
      const answer = answers[Math.min(reads, answers.length - 1)]!;
      reads += 1;
      return json(200, { status: true, msg: 'OK', data: { ...base, ...answer } });
    }
    return json(404, { status: false, code: 'STOREFRONT_NOT_FOUND', msg: 'Store not found.' });
  });
}

const orderReads = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/public/orders/7').length;

describe('StoreOrderPage', () => {
  beforeAll(() => loadStoreTexts());
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('en', { remember: false });
  });
  afterAll(() => localStorage.clear());

  it('says clearly that an order without its token in this browser cannot be shown, and asks nothing', async () => {
    const fetchMock = serve({});
    renderRoutes(routes, '/store/night-tv/orders/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'This order cannot be shown here' })).toBeInTheDocument();
    expect(orderReads(fetchMock)).toBe(0);
  });

  it.each([
    [{ status: 'pending_payment', method: 'stripe' }, 'Waiting for your payment', 'Your device is activated as soon as your card payment is confirmed.'],
    [{ status: 'waiting_credit' }, 'Paid: your activation is on its way', 'there is nothing more for you to do'],
    [{ status: 'activated', expires_at: '2027-12-07T04:00:00.000Z', activated_at: '2026-12-07T04:05:00.000Z' }, 'Your device is activated', 'It is active until 12-07-2027.'],
    [{ status: 'activated', is_lifetime: true }, 'Your device is activated', 'It is activated for life.'],
    [{ status: 'failed', reason: 'The device is already lifetime.' }, 'The activation could not be completed', 'Reason: The device is already lifetime.'],
    [{ status: 'rejected', reason: 'No payment received.' }, 'The store declined this order', 'Reason: No payment received.'],
  ] as const)('shows %o in words', async (answer, title, text) => {
    serve(answer);
    keepOrderToken(7, 'secret-token-7', 'en');
    renderRoutes(routes, '/store/night-tv/orders/7');
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(text);
    if (answer.status === 'failed') expect(screen.getByRole('status')).toHaveTextContent('The store will refund you.');
    // How to pay is shown only while the store waits for the payment.
    expect(screen.queryByText('PIX key: 123')).not.toBeInTheDocument();
  });

  it("speaks the language the order was placed in, and reads the order's details", async () => {
    serve({ status: 'awaiting_approval' });
    keepOrderToken(7, 'secret-token-7', 'de');
    renderRoutes(routes, '/store/night-tv/orders/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellung Nr. 7' })).toBeInTheDocument();
    expect(await screen.findByText('Der Shop muss Ihre Zahlung noch bestätigen')).toBeInTheDocument();
    expect(screen.getByText('PIX key: 123')).toBeInTheDocument();
    expect(screen.getByText('9,90 €')).toBeInTheDocument();
    expect(screen.getByText('aa:bb:cc:dd:ee:ff')).toBeInTheDocument();
  });

  it.each([
    ['pending_payment', ORDER_POLL_MS],
    ['awaiting_approval', ORDER_POLL_MS],
    ['waiting_credit', ORDER_POLL_MS],
    ['activated', false],
    ['failed', false],
    ['rejected', false],
  ] as const)('asks again every 5 s while the order is %s: %s', (status, interval) => {
    const { refetchInterval } = publicOrderQuery(7, 'secret-token-7', 'en');
    const query = { state: { data: { ...base, status }, error: null } };
    expect((refetchInterval as (q: unknown) => number | false)(query)).toBe(interval);
  });

  it('stops asking once the order is not found, but keeps trying through a network failure', () => {
    const { refetchInterval } = publicOrderQuery(7, 'secret-token-7', 'en');
    const ask = refetchInterval as (q: unknown) => number | false;
    expect(ask({ state: { data: undefined, error: new ApiError(404, 'ORDER_NOT_FOUND', 404, 'Order not found.') } })).toBe(false);
    expect(ask({ state: { data: undefined, error: new ApiError(0, 'NETWORK', undefined, 'Network error') } })).toBe(ORDER_POLL_MS);
  });

  it('shows the new status when a later read finds the order activated', async () => {
    const fetchMock = serve({ status: 'waiting_credit' }, { status: 'activated', expires_at: '2027-12-07T04:00:00.000Z' });
    keepOrderToken(7, 'secret-token-7', 'en');
    renderRoutes(routes, '/store/night-tv/orders/7');
    expect(await screen.findByText('Paid: your activation is on its way')).toBeInTheDocument();
    expect(screen.getByText('This page updates by itself.')).toBeInTheDocument();
    // The next poll (ORDER_POLL_MS later) finds it activated.
    expect(await screen.findByText('Your device is activated', undefined, { timeout: ORDER_POLL_MS + 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('It is active until 12-07-2027.');
    expect(screen.queryByText('This page updates by itself.')).not.toBeInTheDocument();
    expect(orderReads(fetchMock)).toBe(2);
  });

  it('says an order it cannot find is not found', async () => {
    stubFetch(async () => json(404, { status: false, code: 'ORDER_NOT_FOUND', msg: 'Order not found.' }));
    keepOrderToken(7, 'another-token', 'en');
    renderRoutes(routes, '/store/night-tv/orders/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });
});
