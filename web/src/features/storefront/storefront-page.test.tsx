import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Storefront } from '@panel/contract';
import { setStepUpHandler } from '../../api/client';
import { json, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { StorefrontPage } from './storefront-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const store = (extra: Partial<Storefront> = {}): Storefront =>
  ({
  id: 7,
  slug: 'fast-tv',
  title: 'Fast TV',
  enabled: true,
  accent_color: '#1864ab',
  currency: 'EUR',
  default_language: 'en',
  support: { email: null, whatsapp: '+55 11 91234-5678', telegram: null },
  logo_url: null,
  public_url: 'https://panel.example/store/fast-tv',
  stripe_webhook_url: 'https://panel.example/api/public/stripe/7/webhook',
  stripe: { configured: false, key_last4: null },
  manual: { enabled: false, instructions: null },
  telegram: { connected: false, bot_username: null, owner_link_url: null, owner_linked: false },
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
  ...extra,
  });
/** The JSON bodies of the writes (PUT) to one path, in order. */
const sentBodies = (fetchMock: FetchMock, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === path && init?.method === 'PUT').map(([, init]) => JSON.parse(init!.body as string) as Record<string, unknown>);
const ok = (data: unknown, msg = 'OK') => json(200, { status: true, msg, data });
const refusal = (errors: Record<string, string[]>) => json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'Invalid', message: 'Invalid', errors });

describe('StorefrontPage', () => {
  beforeEach(() => toasts.success.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('sets a store up the first time: the public link and the preview follow the typing, and the saved store shows its payment sections', async () => {
    let saved: Storefront | null = null;
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/storefront' && init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { slug: string; title: string };
        saved = store({ slug: body.slug, title: body.title, public_url: `https://panel.example/store/${body.slug}` });
        return ok(saved, 'Storefront saved.');
      }
      return ok(saved);
    });
    renderWithProviders(<StorefrontPage />);
    expect(await screen.findByRole('heading', { name: 'Set up your store' })).toBeInTheDocument();
    // No payment sections before the store exists.
    expect(screen.queryByRole('heading', { name: 'Card payments (Stripe)' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /Store name/ }), { target: { value: 'Night Owl TV' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Store address/ }), { target: { value: 'night-owl' } });
    expect(screen.getByTestId('public-url')).toHaveTextContent(`${window.location.origin}/store/night-owl`);
    const preview = screen.getByRole('figure', { name: 'Preview of the store' });
    expect(within(preview).getByRole('heading', { name: 'Night Owl TV' })).toBeInTheDocument();

    // A closed store says so in the preview.
    fireEvent.click(screen.getByRole('switch', { name: /Store open/ }));
    expect(within(preview).getByText('Closed: customers find no store at this address.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: /Store open/ }));
    expect(within(preview).queryByText('Closed: customers find no store at this address.')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Create the store' }));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/storefront')).toHaveLength(1));
    expect(sentBodies(fetchMock, '/api/storefront')[0]).toMatchObject({ slug: 'night-owl', title: 'Night Owl TV', enabled: true, accent_color: '#1864ab', currency: 'EUR', default_language: 'en' });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Storefront saved.'));
    expect(await screen.findByRole('heading', { name: 'Card payments (Stripe)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manual payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the store\'s link' })).toBeInTheDocument();
  });

  it('refuses a colour white text cannot be read on under the field, and puts a taken address from the server under its field', async () => {
    const fetchMock = stubFetch(async (url, init) =>
      url.pathname === '/api/storefront' && init?.method === 'PUT' ? refusal({ slug: ['Another store already uses this address. Choose another one.'] }) : ok(store()),
    );
    renderWithProviders(<StorefrontPage />);
    const colour = await screen.findByRole('textbox', { name: /Accent colour/ });
    fireEvent.change(colour, { target: { value: '#ffd43b' } });
    expect(await screen.findByText('White text on this colour is hard to read: choose a darker colour (contrast at least 4.5:1).')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(sentBodies(fetchMock, '/api/storefront')).toEqual([]);

    fireEvent.change(colour, { target: { value: '#237032' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText('Another store already uses this address. Choose another one.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Store address/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells which Stripe events to send, copies the webhook URL, saves the keys and shows only their last 4, and removes them after a confirmation', async () => {
    let current = store();
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/storefront/stripe' && init?.method === 'PUT') {
        current = store({ stripe: { configured: true, key_last4: 'wxyz' } });
        return ok(current, 'Stripe keys saved.');
      }
      if (url.pathname === '/api/storefront/stripe' && init?.method === 'DELETE') {
        current = store();
        return ok(current, 'Stripe keys removed.');
      }
      return ok(current);
    });
    renderWithProviders(<StorefrontPage />);
    expect(await screen.findByText('checkout.session.completed')).toBeInTheDocument();
    expect(screen.getByText('checkout.session.async_payment_succeeded')).toBeInTheDocument();
    expect(screen.getByTestId('stripe-webhook-url')).toHaveTextContent('https://panel.example/api/public/stripe/7/webhook');
    expect(screen.getByRole('button', { name: 'Copy the Stripe webhook URL' })).toBeInTheDocument();
    expect(screen.getByText('Not set up')).toBeInTheDocument();

    const secret = screen.getByLabelText(/^Secret key/);
    expect(secret).toHaveAttribute('type', 'password');
    fireEvent.change(secret, { target: { value: 'pk_test_nope' } });
    fireEvent.change(screen.getByLabelText(/^Webhook signing secret/), { target: { value: 'whsec_abcdefghijklmnop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    expect(await screen.findByText(/Paste the secret key from your Stripe dashboard/)).toBeInTheDocument();

    fireEvent.change(secret, { target: { value: 'sk_test_51ABCDEFabcdef0123456789wxyz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
    await waitFor(() => expect(sentBodies(fetchMock, '/api/storefront/stripe')).toEqual([{ secret_key: 'sk_test_51ABCDEFabcdef0123456789wxyz', webhook_secret: 'whsec_abcdefghijklmnop' }]));
    expect(await screen.findByText('Set up · key …wxyz')).toBeInTheDocument();
    // The form is emptied: the keys are never shown again.
    expect(screen.getByLabelText(/^Secret key/)).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Stripe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the Stripe keys?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Stripe' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url.pathname === '/api/storefront/stripe' && init?.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('Not set up')).toBeInTheDocument();
  });

  it('asks for the second factor when the server wants a step-up, then sends the keys again', async () => {
    const stepUp = vi.fn(async () => true);
    setStepUpHandler(stepUp);
    let puts = 0;
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/storefront/stripe' && init?.method === 'PUT') {
        puts += 1;
        if (puts === 1) return json(403, { status: false, statusCode: 403, code: 'STEP_UP_REQUIRED', msg: 'Confirm it is you.', message: 'Confirm it is you.', errors: {} });
        return ok(store({ stripe: { configured: true, key_last4: 'wxyz' } }), 'Stripe keys saved.');
      }
      return ok(store());
    });
    try {
      renderWithProviders(<StorefrontPage />);
      fireEvent.change(await screen.findByLabelText(/^Secret key/), { target: { value: 'sk_live_51ABCDEFabcdef0123456789wxyz' } });
      fireEvent.change(screen.getByLabelText(/^Webhook signing secret/), { target: { value: 'whsec_abcdefghijklmnop' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save keys' }));
      expect(await screen.findByText('Set up · key …wxyz')).toBeInTheDocument();
      expect(stepUp).toHaveBeenCalledTimes(1);
      expect(sentBodies(fetchMock, '/api/storefront/stripe')).toHaveLength(2);
    } finally {
      setStepUpHandler(undefined);
    }
  });

  it('saves manual payment with its instructions and counts their characters', async () => {
    const fetchMock = stubFetch(async (url, init) =>
      url.pathname === '/api/storefront/manual' && init?.method === 'PUT' ? ok(store({ manual: { enabled: true, instructions: 'PIX key: 123' } }), 'Manual payment saved.') : ok(store()),
    );
    renderWithProviders(<StorefrontPage />);
    const instructions = await screen.findByRole('textbox', { name: 'Instructions for the customer' });
    fireEvent.change(instructions, { target: { value: 'PIX key: 123' } });
    expect(screen.getByText('12 / 2,000')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Offer manual payment' }));
    const manualSave = within(screen.getByRole('heading', { name: 'Manual payment' }).closest('.mantine-Card-root') as HTMLElement).getByRole('button', { name: 'Save' });
    fireEvent.click(manualSave);
    await waitFor(() => expect(sentBodies(fetchMock, '/api/storefront/manual')).toEqual([{ enabled: true, instructions: 'PIX key: 123' }]));
  });

  it('uploads a chosen logo at once as multipart and shows it in the preview', async () => {
    let current = store();
    const fetchMock = stubFetch(async (url, init) => {
      if (url.pathname === '/api/storefront/logo' && init?.method === 'POST') {
        current = store({ logo_url: '/uploads/0123456789abcdef0123456789abcdef.png' });
        return ok(current, 'Logo uploaded successfully.');
      }
      return ok(current);
    });
    renderWithProviders(<StorefrontPage />);
    await screen.findByRole('heading', { name: 'Logo' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url.pathname === '/api/storefront/logo' && init?.body instanceof FormData)).toBe(true));
    const sent = fetchMock.mock.calls.find(([url]) => url.pathname === '/api/storefront/logo')![1]!.body as FormData;
    expect((sent.get('logo') as File).name).toBe('logo.png');
    const preview = screen.getByRole('figure', { name: 'Preview of the store' });
    await waitFor(() => expect(within(preview).getByRole('img', { name: 'Store logo' })).toHaveAttribute('src', '/uploads/0123456789abcdef0123456789abcdef.png'));
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
  });
});

describe('the accent swatches', () => {
  it('offers only colours white text reads well on', async () => {
    const { SWATCHES } = await import('./settings-form');
    const { contrastWithWhite } = await import('@panel/contract');
    for (const colour of SWATCHES) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});
