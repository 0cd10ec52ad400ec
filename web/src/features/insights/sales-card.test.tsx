import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreSales } from '@panel/contract';
import { session } from '../../lib/session';
import { json, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { InsightsPage } from './insights-page';
import { SalesCard } from './sales-card';

const SALES: StoreSales = {
  revenue: [
    { currency: 'EUR', amount: 5970, orders: 3 },
    { currency: 'BRL', amount: 4990, orders: 1 },
  ],
  orders_by_status: { pending_payment: 1, awaiting_approval: 2, waiting_credit: 0, activated: 4, failed: 1, rejected: 0 },
  credits_spent: 6,
  from: '2026-10-28',
  to: '2026-11-26',
};

function serve(sales: StoreSales = SALES) {
  return stubFetch(async (url) => {
    if (url.pathname === '/api/storefront/sales') return json(200, { status: true, msg: 'OK', data: sales });
    // The other insights cards: an empty answer of each is enough here.
    return json(404, { status: false, statusCode: 404, msg: 'Not found', message: 'Not found', errors: {} });
  });
}

const salesCalls = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/storefront/sales').map(([url]) => Object.fromEntries(url.searchParams));

describe('SalesCard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows the revenue per currency, the credit spent and the orders by status of the range', async () => {
    const fetchMock = serve();
    renderWithProviders(<SalesCard range={{ from: '2026-10-28', to: '2026-11-26' }} />);
    const card = screen.getByRole('region', { name: 'Sales' });
    expect(await within(card).findByText('€59.70')).toBeInTheDocument();
    expect(within(card).getByText('R$49.90')).toBeInTheDocument();
    expect(within(card).getByText('Activated orders: 3')).toBeInTheDocument();
    expect(within(card).getByText('Credit points spent on orders').nextSibling).toHaveTextContent('6');
    const statuses = within(card).getByRole('table', { name: 'Orders by status' });
    expect(within(within(statuses).getByText('Awaiting approval').closest('tr')!).getByText('2')).toBeInTheDocument();
    expect(salesCalls(fetchMock)).toEqual([{ from: '2026-10-28', to: '2026-11-26' }]);
  });

  it('says when the store sold nothing', async () => {
    serve({ ...SALES, revenue: [], credits_spent: 0, orders_by_status: { pending_payment: 0, awaiting_approval: 0, waiting_credit: 0, activated: 0, failed: 0, rejected: 0 } });
    renderWithProviders(<SalesCard range={{ from: '2026-10-28', to: '2026-11-26' }} />);
    expect(await screen.findByText('No sale yet')).toBeInTheDocument();
    expect(screen.getByText('No order was placed in this range.')).toBeInTheDocument();
  });

  it('is on Insights only for a caller with the storefront permission', async () => {
    session.save('t0k3n', ['insights'], false);
    let fetchMock = serve();
    const { unmount } = renderWithProviders(<InsightsPage />);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url.pathname === '/api/insights/activations')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Sales' })).toBeNull();
    expect(salesCalls(fetchMock)).toEqual([]);
    unmount();

    session.save('t0k3n', ['insights', 'storefront'], false);
    fetchMock = serve();
    renderWithProviders(<InsightsPage />);
    expect(await screen.findByRole('region', { name: 'Sales' })).toBeInTheDocument();
    await waitFor(() => expect(salesCalls(fetchMock)).toHaveLength(1));
  });
});
