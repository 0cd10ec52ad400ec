import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PublicStoreOrder } from '@panel/contract';
import { changeLocale, loadStoreTexts } from '../../i18n';
import { json, renderRoutes, stubFetch } from '../../test-utils';
import { keepOrderToken } from './order-tokens';
import { StoreOrderPage } from './store-order-page';

const order: PublicStoreOrder = {
  id: 7,
  status: 'activated',
  method: 'manual',
  product_name: 'IBO one year',
  package: 'one_year',
  apps: [{ id: 1, name: 'IBOPLAYER' }],
  mac_address: 'aa:bb:cc:dd:ee:ff',
  price: 990,
  currency: 'EUR',
  instructions: null,
  expires_at: '2027-12-07T00:00:00.000Z',
  is_lifetime: false,
  reason: null,
  created_at: '2026-12-07T04:00:00.000Z',
  activated_at: '2026-12-07T04:05:00.000Z',
};

const routes = [{ path: '/store/:slug/orders/:id', element: <StoreOrderPage /> }];

function serve(answer: PublicStoreOrder) {
  return stubFetch(async (url) =>
    url.pathname === '/api/public/orders/7' ? json(200, { status: true, msg: 'OK', data: answer }) : json(404, { status: false, code: 'STOREFRONT_NOT_FOUND', msg: 'Store not found.' }),
  );
}

describe("the order page's Telegram link", () => {
  beforeAll(() => loadStoreTexts());
  beforeEach(() => {
    localStorage.clear();
    keepOrderToken(7, 'secret-token-7', 'en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('en', { remember: false });
  });
  afterAll(() => localStorage.clear());

  it("offers the customer's own start link to the store's bot, in a new tab", async () => {
    serve({ ...order, telegram_url: 'https://t.me/night_tv_bot?start=cust_code_123' });
    renderRoutes(routes, '/store/night-tv/orders/7');
    const section = (await screen.findByText('Get updates on Telegram')).closest('section')!;
    expect(within(section).getByText(/your receipt, renewal reminders and your devices' expiry/)).toBeInTheDocument();
    const link = within(section).getByRole('link', { name: 'Open in Telegram' });
    expect(link).toHaveAttribute('href', 'https://t.me/night_tv_bot?start=cust_code_123');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows nothing of Telegram when the store has no bot', async () => {
    serve(order);
    renderRoutes(routes, '/store/night-tv/orders/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #7' })).toBeInTheDocument();
    expect(screen.queryByText('Get updates on Telegram')).not.toBeInTheDocument();
  });
});
