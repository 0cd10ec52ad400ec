import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicStorefront } from '@panel/contract';
import { changeLocale, i18n, loadStoreTexts } from '../../i18n';
import { json, renderRoutes, sentBodies, stubFetch, type Fetch } from '../../test-utils';
import { StorefrontPage } from './storefront-page';
import { StoreOrderPage } from './store-order-page';
import { setMode } from '../../lib/mode';

const leave = vi.hoisted(() => vi.fn());
vi.mock('./leave-for-checkout', () => ({ leaveForCheckout: leave }));

const store: PublicStorefront = {
  title: 'Night TV Shop',
  logo_url: null,
  accent_color: '#1c5fb8',
  currency: 'EUR',
  default_language: 'en',
  support: { email: 'help@night.tv', whatsapp: '+55 11 99999-0000', telegram: '@nighttv' },
  methods: ['stripe', 'manual'],
  products: [
    { id: 11, name: 'IBO one year', package: 'one_year', price: 990, apps: [{ id: 1, name: 'IBOPLAYER' }] },
    { id: 12, name: 'Duo forever', package: 'lifetime', price: 4500, apps: [{ id: 1, name: 'IBOPLAYER' }, { id: 2, name: 'BOBPLAYER' }] },
  ],
};

const order = {
  id: 7,
  status: 'awaiting_approval',
  method: 'manual',
  product_name: 'IBO one year',
  package: 'one_year',
  apps: [{ id: 1, name: 'IBOPLAYER' }],
  mac_address: 'AA:BB:CC:DD:EE:FF',
  price: 990,
  currency: 'EUR',
  instructions: 'PIX key: 123.456.789-00',
  expires_at: null,
  is_lifetime: false,
  reason: null,
  created_at: '2026-12-07T04:00:00.000Z',
  activated_at: null,
};

const routes = [
  { path: '/store/:slug', element: <StorefrontPage /> },
  { path: '/store/:slug/orders/:id', element: <StoreOrderPage /> },
];

/** The fake server: the store, and whatever `extra` answers for the other calls. */
function serve(extra: Fetch = async () => json(404, { status: false, msg: 'Not found' }), answer: PublicStorefront = store) {
  return stubFetch(async (url, init) => {
    if (url.pathname === '/api/public/storefronts/night-tv' && (init?.method ?? 'GET') === 'GET') return json(200, { status: true, msg: 'OK', data: answer });
    return extra(url, init);
  });
}

async function chooseFirstProduct() {
  const user = userEvent.setup();
  const card = (await screen.findAllByRole('listitem'))[0]!;
  await user.click(within(card).getByRole('button', { name: 'Buy' }));
  return user;
}

describe('StorefrontPage', () => {
  beforeAll(() => loadStoreTexts());
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    leave.mockClear();
    await changeLocale('en', { remember: false });
  });
  afterAll(() => localStorage.clear());

  it('shows the store: its title, its products with package and price, and its support contacts', async () => {
    serve();
    renderRoutes(routes, '/store/night-tv');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night TV Shop' })).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByText('IBO one year')).toBeInTheDocument();
    expect(within(first!).getByText('1 year')).toBeInTheDocument();
    expect(within(first!).getByText('€9.90')).toBeInTheDocument();
    expect(within(second!).getByText('Lifetime')).toBeInTheDocument();
    expect(within(second!).getByText('€45.00')).toBeInTheDocument();
    expect(within(second!).getByText('Apps: IBOPLAYER, BOBPLAYER')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@night.tv' })).toHaveAttribute('href', 'mailto:help@night.tv');
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/5511999990000');
    expect(screen.getByRole('link', { name: /Telegram/ })).toHaveAttribute('href', 'https://t.me/nighttv');
    expect(document.title).toBe('Night TV Shop');
  });

  it("says it is the store's sandbox copy when this browser's panel is in sandbox mode, and reads the sandbox's store", async () => {
    setMode('sandbox');
    try {
      // Only the sandbox's side knows the store here.
      stubFetch(async (url) =>
        url.pathname === '/api/sandbox/public/storefronts/night-tv' ? json(200, { status: true, msg: 'OK', data: store }) : json(404, { status: false, msg: 'Not found' }),
      );
      renderRoutes(routes, '/store/night-tv');
      expect(await screen.findByRole('heading', { level: 1, name: 'Night TV Shop' })).toBeInTheDocument();
      expect(screen.getByText('Sandbox store')).toBeInTheDocument();
    } finally {
      setMode('live');
    }
    // Back in live mode, as every customer is, the line goes.
    await waitFor(() => expect(screen.queryByText('Sandbox store')).toBeNull());
  });

  it('formats prices from minor units with the digits of their currency', async () => {
    serve(undefined, { ...store, currency: 'JPY', products: [{ ...store.products[0]!, price: 1500 }] });
    renderRoutes(routes, '/store/night-tv');
    expect(await screen.findByText('¥1,500')).toBeInTheDocument();
  });

  it('says kindly that a closed or unknown store does not exist', async () => {
    stubFetch(async () => json(404, { status: false, code: 'STOREFRONT_NOT_FOUND', msg: 'Store not found.' }));
    renderRoutes(routes, '/store/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'This store does not exist or is closed' })).toBeInTheDocument();
  });

  it("speaks the store's language, right to left in Arabic, and ?lang= before it", async () => {
    serve(undefined, { ...store, default_language: 'ar' });
    renderRoutes(routes, '/store/night-tv');
    expect(await screen.findByRole('heading', { level: 2, name: 'المنتجات' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    // The store's language is not remembered as the panel's.
    expect(localStorage.getItem('locale')).toBeNull();
  });

  it('follows ?lang= and the language picker', async () => {
    serve();
    const router = renderRoutes(routes, '/store/night-tv?lang=de');
    expect(await screen.findByRole('heading', { level: 2, name: 'Produkte' })).toBeInTheDocument();
    expect(screen.getAllByText('9,90 €').length).toBeGreaterThan(0);
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'esp');
    expect(await screen.findByRole('heading', { level: 2, name: 'Productos' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?lang=esp');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('opens the order form with the hint, and checks the fields before sending anything', async () => {
    const fetchMock = serve();
    renderRoutes(routes, '/store/night-tv');
    const user = await chooseFirstProduct();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your order' })).toHaveFocus();
    expect(screen.getByText('Open the app on your TV first, then enter the MAC address it shows.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByLabelText(/^MAC address of your device/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, '/api/public/storefronts/night-tv/orders')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to the products' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Products' })).toBeInTheDocument();
    expect(within(screen.getAllByRole('listitem')[0]!).getByRole('button', { name: 'Buy' })).toHaveFocus();
  });

  it("puts the server's refusal under its field, in the page's language", async () => {
    const fetchMock = serve(async () =>
      json(422, { status: false, msg: 'Öffnen Sie zuerst die App.', errors: { mac_address: ['Öffnen Sie zuerst die App auf dem Fernseher.'] } }),
    );
    renderRoutes(routes, '/store/night-tv?lang=de');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Produkte' });
    const card = screen.getAllByRole('listitem')[0]!;
    await user.click(within(card).getByRole('button', { name: 'Kaufen' }));
    await user.type(screen.getByLabelText(/^MAC-Adresse/), 'aabbccddeeff');
    await user.type(screen.getByLabelText(/^E-Mail/), 'Kunde@Example.com');
    await user.click(screen.getByRole('radio', { name: /Manuelle Zahlung/ }));
    await user.click(screen.getByRole('button', { name: 'Bestellung aufgeben' }));
    expect(await screen.findByText('Öffnen Sie zuerst die App auf dem Fernseher.')).toBeInTheDocument();
    const [body] = sentBodies(fetchMock, '/api/public/storefronts/night-tv/orders');
    expect(body).toMatchObject({ product_id: 11, mac_address: 'aa:bb:cc:dd:ee:ff', email: 'kunde@example.com', method: 'manual', language: 'de' });
    const request = fetchMock.mock.calls.find(([url]) => url.pathname.endsWith('/orders'))![1]!;
    expect((request.headers as Record<string, string>)['accept-language']).toBe('de-DE');
  });

  it('shows a refusal of too many orders as a message', async () => {
    serve(async () => json(429, { status: false, code: 'RATE_LIMITED', msg: 'Too many requests, please try again in a minute.' }));
    renderRoutes(routes, '/store/night-tv');
    const user = await chooseFirstProduct();
    await user.type(screen.getByLabelText(/^MAC address of your device/), 'AABBCCDDEEFF');
    await user.type(screen.getByLabelText(/^E-mail/), 'a@b.co');
    await user.click(screen.getByRole('radio', { name: /Card/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again in a minute.');
  });

  it('sends a card order to Stripe Checkout, keeping its token in this browser only', async () => {
    serve(async () => json(201, { status: true, msg: 'OK', data: { id: 8, status: 'pending_payment', order_token: 'secret-token-8', checkout_url: 'https://checkout.stripe.test/c/pay/cs_8' } }));
    const router = renderRoutes(routes, '/store/night-tv');
    const user = await chooseFirstProduct();
    await user.type(screen.getByLabelText(/^MAC address of your device/), 'AABBCCDDEEFF');
    await user.type(screen.getByLabelText(/^E-mail/), 'a@b.co');
    await user.click(screen.getByRole('radio', { name: /Card/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_8'));
    expect(JSON.parse(localStorage.getItem('store-order:8')!)).toEqual({ token: 'secret-token-8', language: 'en' });
    expect(router.state.location.pathname + router.state.location.search).not.toContain('secret-token-8');
  });

  it('places a manual order and shows how to pay on its page, which reads it with the kept token', async () => {
    const fetchMock = serve(async (url, init) => {
      if (url.pathname === '/api/public/storefronts/night-tv/orders' && init?.method === 'POST') {
        return json(201, { status: true, msg: 'OK', data: { id: 7, status: 'awaiting_approval', order_token: 'secret-token-7', instructions: order.instructions } });
      }
      if (url.pathname === '/api/public/orders/7') return json(200, { status: true, msg: 'OK', data: order });
      return json(404, { status: false, msg: 'Not found' });
    });
    const router = renderRoutes(routes, '/store/night-tv');
    const user = await chooseFirstProduct();
    await user.type(screen.getByLabelText(/^MAC address of your device/), 'AABBCCDDEEFF');
    await user.type(screen.getByLabelText(/^E-mail/), 'a@b.co');
    await user.click(screen.getByRole('radio', { name: /Manual payment/ }));
    await user.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #7' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/store/night-tv/orders/7');
    expect(router.state.location.search).toBe('?lang=en');
    expect(await screen.findByText('Waiting for the store to confirm your payment')).toBeInTheDocument();
    expect(screen.getByText(order.instructions)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the instructions' })).toBeInTheDocument();
    const read = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/public/orders/7')![1]!;
    expect((read.headers as Record<string, string>).authorization).toBe('Bearer secret-token-7');
    expect(i18n.language).toBe('en');
  });
});
