import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicStorefront, Renewal } from '@panel/contract';
import { changeLocale, loadStoreTexts } from '../../i18n';
import { json, renderRoutes, sentBodies, stubFetch } from '../../test-utils';
import { RenewalPage } from './renewal-page';
import { StorefrontPage } from './storefront-page';
import { StoreOrderPage } from './store-order-page';

vi.mock('./leave-for-checkout', () => ({ leaveForCheckout: vi.fn() }));

const store: PublicStorefront = {
  title: 'Night TV Shop',
  logo_url: null,
  accent_color: '#1c5fb8',
  currency: 'EUR',
  default_language: 'en',
  support: { email: 'help@night.tv', whatsapp: null, telegram: null },
  methods: ['stripe', 'manual'],
  products: [
    { id: 11, name: 'IBO one year', package: 'one_year', price: 990, apps: [{ id: 1, name: 'IBOPLAYER' }] },
    { id: 12, name: 'Duo one year', package: 'one_year', price: 1500, apps: [{ id: 1, name: 'IBOPLAYER' }, { id: 2, name: 'BOBPLAYER' }] },
  ],
};

// The MAC as the server stores and answers it: in lower case.
const RENEWAL: Renewal = { slug: 'night-tv', product_id: 12, mac_address: 'aa:bb:cc:dd:ee:ff', app_ids: [1, 2] };
const TOKEN = 'c2lnbmVkLXJlbmV3YWwtdG9rZW4';

const routes = [
  { path: '/store/:slug', element: <StorefrontPage /> },
  { path: '/store/:slug/orders/:id', element: <StoreOrderPage /> },
  { path: '/store/:slug/renew/:token', element: <RenewalPage /> },
];

/** The fake server: the store, the renewal link (or its 404), and the order placed. */
function serve(renewal: Renewal | null = RENEWAL, answer: PublicStorefront = store) {
  return stubFetch(async (url, init) => {
    if (url.pathname === '/api/public/storefronts/night-tv' && (init?.method ?? 'GET') === 'GET') return json(200, { status: true, msg: 'OK', data: answer });
    if (url.pathname === `/api/public/renewals/${TOKEN}`) {
      return renewal
        ? json(200, { status: true, msg: 'OK', data: renewal })
        : json(404, { status: false, statusCode: 404, code: 'REMINDER_LINK_NOT_FOUND', msg: 'This link has expired.', errors: {} });
    }
    if (url.pathname === '/api/public/storefronts/night-tv/orders' && init?.method === 'POST') {
      return json(201, { status: true, msg: 'OK', data: { id: 9, status: 'awaiting_approval', order_token: 'secret-token-9', instructions: 'PIX key: 123' } });
    }
    return json(404, { status: false, msg: 'Not found' });
  });
}

describe('RenewalPage', () => {
  beforeAll(() => loadStoreTexts());
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('en', { remember: false });
  });
  afterAll(() => localStorage.clear());

  it("opens the store's order form on the renewal's product with its MAC filled in, and places an ordinary order", async () => {
    const fetchMock = serve();
    const router = renderRoutes(routes, `/store/night-tv/renew/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your order' })).toBeInTheDocument();
    expect(screen.getByText('Duo one year')).toBeInTheDocument();
    expect(screen.getByText('Renew your device')).toBeInTheDocument();
    expect(screen.getByLabelText(/^MAC address of your device/)).toHaveValue('AA:BB:CC:DD:EE:FF');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^E-mail/), 'ana@example.com');
    await user.click(screen.getByRole('radio', { name: /Manual payment/ }));
    await user.click(screen.getByRole('button', { name: 'Place the order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store/night-tv/orders/9'));
    expect(sentBodies(fetchMock, '/api/public/storefronts/night-tv/orders')).toEqual([
      { product_id: 12, mac_address: 'aa:bb:cc:dd:ee:ff', email: 'ana@example.com', method: 'manual', language: 'en' },
    ]);
  });

  it("goes back to the store's products from the form", async () => {
    serve();
    const router = renderRoutes(routes, `/store/night-tv/renew/${TOKEN}?lang=de`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zurück zu den Produkten' }));
    expect(router.state.location.pathname).toBe('/store/night-tv');
    expect(router.state.location.search).toBe('?lang=de');
    expect(await screen.findByRole('heading', { level: 2, name: 'Produkte' })).toBeInTheDocument();
  });

  it('says when the renewal link has expired or is invalid, with a link to the store', async () => {
    serve(null);
    renderRoutes(routes, `/store/night-tv/renew/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This renewal link has expired or is invalid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', '/store/night-tv?lang=en');
    expect(screen.queryByLabelText(/^MAC address of your device/)).not.toBeInTheDocument();
  });

  it('treats the link of another store as invalid at this address', async () => {
    serve({ ...RENEWAL, slug: 'other-store' });
    renderRoutes(routes, `/store/night-tv/renew/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This renewal link has expired or is invalid' })).toBeInTheDocument();
  });

  it('says when the product is no longer sold', async () => {
    serve({ ...RENEWAL, product_id: 99 });
    renderRoutes(routes, `/store/night-tv/renew/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This renewal cannot be ordered here right now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', '/store/night-tv?lang=en');
  });

  it('speaks Arabic right to left when asked', async () => {
    serve(null);
    renderRoutes(routes, `/store/night-tv/renew/${TOKEN}?lang=ar`);
    expect(await screen.findByRole('heading', { level: 1, name: 'انتهت صلاحية رابط التجديد هذا أو أنه غير صالح' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });
});
