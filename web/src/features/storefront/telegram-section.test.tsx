import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Storefront, StorefrontTelegram } from '@panel/contract';
import { setStepUpHandler } from '../../api/client';
import { json, renderWithProviders, stubFetch, type Fetch, type FetchMock } from '../../test-utils';
import { StorefrontPage } from './storefront-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const OFF: StorefrontTelegram = { connected: false, bot_username: null, owner_link_url: null, owner_linked: false };
const ON: StorefrontTelegram = { connected: true, bot_username: 'fast_tv_bot', owner_link_url: 'https://t.me/fast_tv_bot?start=owner-code-1234', owner_linked: false };
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

const store = (telegram: StorefrontTelegram): Storefront => ({
  id: 7,
  slug: 'fast-tv',
  title: 'Fast TV',
  enabled: true,
  accent_color: '#1864ab',
  currency: 'EUR',
  default_language: 'en',
  support: { email: null, whatsapp: null, telegram: null },
  logo_url: null,
  public_url: 'https://panel.example/store/fast-tv',
  stripe_webhook_url: 'https://panel.example/api/public/stripe/7/webhook',
  stripe: { configured: false, key_last4: null },
  manual: { enabled: true, instructions: 'PIX' },
  telegram,
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
});

const ok = (data: unknown, msg = 'OK') => json(200, { status: true, msg, data });
const failure = (status: number, code: string, msg: string, errors: Record<string, string[]> = {}) =>
  json(status, { status: false, statusCode: status, code, msg, message: msg, errors });
const calls = (fetchMock: FetchMock, method: string, path = '/api/storefront/telegram') =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === path && init?.method === method);

/** The fake server: GET /api/storefront answers `current()`; `telegram` answers the bot's own calls. */
function serve(current: () => StorefrontTelegram, telegram: Fetch) {
  return stubFetch(async (url, init) => {
    if (url.pathname.startsWith('/api/storefront/telegram')) return telegram(url, init);
    return ok(store(current()));
  });
}

async function openTelegram() {
  renderWithProviders(<StorefrontPage />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Telegram' }));
  return screen.findByRole('heading', { name: 'Telegram bot' });
}

describe('Storefront → Telegram', () => {
  beforeEach(() => toasts.success.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('tells how to make a bot, connects it with its token (never shown again), then offers the link to the reseller\'s chat', async () => {
    let bot = OFF;
    const fetchMock = serve(
      () => bot,
      async (_url, init) => {
        bot = ON;
        expect(init?.method).toBe('PUT');
        return ok({ ...ON, owner_link_url: null }, 'Telegram bot connected.');
      },
    );
    await openTelegram();
    expect(screen.getByText('Not connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@BotFather' })).toHaveAttribute('href', 'https://t.me/BotFather');
    const token = screen.getByLabelText(/^Bot token/);
    expect(token).toHaveAttribute('type', 'password');

    // The contract's shape is checked before anything is sent.
    fireEvent.change(token, { target: { value: 'not a token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect the bot' }));
    expect(await screen.findByText(/Paste the token BotFather gave you/)).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT')).toEqual([]);

    fireEvent.change(token, { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect the bot' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Telegram bot connected.'));
    expect(JSON.parse(calls(fetchMock, 'PUT')[0]![1]!.body as string)).toEqual({ bot_token: TOKEN });
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@fast_tv_bot' })).toHaveAttribute('href', 'https://t.me/fast_tv_bot');
    // The store is read again for a fresh one-time link to the reseller's chat.
    const link = await screen.findByRole('link', { name: 'Link my chat' });
    expect(link).toHaveAttribute('href', 'https://t.me/fast_tv_bot?start=owner-code-1234');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Your chat receives new orders awaiting approval/)).toBeInTheDocument();
    expect(screen.getByText('Not linked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test message' })).toBeDisabled();
    expect(screen.getByLabelText(/^New bot token/)).toHaveValue('');
  });

  it("puts Telegram's refusal of the token under the field", async () => {
    serve(
      () => OFF,
      async () => failure(422, 'VALIDATION', 'Invalid', { bot_token: ['Telegram does not accept this token: copy it again from BotFather'] }),
    );
    await openTelegram();
    fireEvent.change(screen.getByLabelText(/^Bot token/), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect the bot' }));
    expect(await screen.findByText('Telegram does not accept this token: copy it again from BotFather')).toBeInTheDocument();
    const field = screen.getByLabelText(/^Bot token/).closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(within(field).getByText('Telegram does not accept this token: copy it again from BotFather')).toBeInTheDocument();
  });

  it('says so beside the form when Telegram cannot be reached, and keeps the token typed', async () => {
    serve(
      () => OFF,
      async () => failure(502, 'TELEGRAM_UNAVAILABLE', 'Telegram cannot be reached right now. Try again in a few minutes.'),
    );
    await openTelegram();
    fireEvent.change(screen.getByLabelText(/^Bot token/), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect the bot' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Telegram cannot be reached right now. Try again in a few minutes.');
    expect(screen.getByLabelText(/^Bot token/)).toHaveValue(TOKEN);
  });

  it('asks for the second factor when the server wants a step-up, then sends the token again', async () => {
    const stepUp = vi.fn(async () => true);
    setStepUpHandler(stepUp);
    let tries = 0;
    const fetchMock = serve(
      () => (tries > 1 ? ON : OFF),
      async () => {
        tries += 1;
        return tries === 1 ? failure(403, 'STEP_UP_REQUIRED', 'Confirm it is you.') : ok(ON, 'Telegram bot connected.');
      },
    );
    try {
      await openTelegram();
      fireEvent.change(screen.getByLabelText(/^Bot token/), { target: { value: TOKEN } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect the bot' }));
      expect(await screen.findByText('Connected')).toBeInTheDocument();
      expect(stepUp).toHaveBeenCalledTimes(1);
      expect(calls(fetchMock, 'PUT')).toHaveLength(2);
    } finally {
      setStepUpHandler(undefined);
    }
  });

  it('checks again once Start was pressed, then sends a test message to the linked chat', async () => {
    let bot = ON;
    const fetchMock = serve(
      () => bot,
      async (url) => (url.pathname === '/api/storefront/telegram/test' ? ok(null, 'Test message sent.') : failure(404, 'ROUTE_NOT_FOUND', 'no')),
    );
    await openTelegram();
    fireEvent.click(screen.getByRole('link', { name: 'Link my chat' }));
    const waiting = (await screen.findByText(/Press Start in Telegram, then check here/)).closest('[role="status"]') as HTMLElement;
    bot = { ...ON, owner_linked: true };
    fireEvent.click(within(waiting).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Linked')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send a test message' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Test message sent.'));
    expect(calls(fetchMock, 'POST', '/api/storefront/telegram/test')).toHaveLength(1);
  });

  it('disconnects the bot only after a confirmation', async () => {
    let bot: StorefrontTelegram = { ...ON, owner_linked: true };
    const fetchMock = serve(
      () => bot,
      async () => {
        bot = OFF;
        return ok(OFF, 'Telegram bot disconnected.');
      },
    );
    await openTelegram();
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect the Telegram bot?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Disconnect the Telegram bot?' })).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(calls(fetchMock, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@BotFather' })).toBeInTheDocument();
  });

  it("keeps the link to the reseller's chat after another section's save, whose answer carries none", async () => {
    const fetchMock = stubFetch(async (url, init) =>
      url.pathname === '/api/storefront/manual' && init?.method === 'PUT'
        ? ok({ ...store({ ...ON, owner_link_url: null }), manual: { enabled: true, instructions: 'PIX key: 9' } }, 'Manual payment saved.')
        : ok(store(ON)),
    );
    renderWithProviders(<StorefrontPage />);
    const instructions = await screen.findByRole('textbox', { name: 'Instructions for the customer' });
    fireEvent.change(instructions, { target: { value: 'PIX key: 9' } });
    const manual = (screen.getByRole('heading', { name: 'Manual payment' }).closest('.mantine-Card-root') as HTMLElement);
    fireEvent.click(within(manual).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Manual payment saved.'));
    const reads = fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/storefront' && (init?.method ?? 'GET') === 'GET').length;
    fireEvent.click(screen.getByRole('tab', { name: 'Telegram' }));
    expect(await screen.findByRole('link', { name: 'Link my chat' })).toHaveAttribute('href', ON.owner_link_url);
    // Not asked again: a new read would void the link the reseller may have opened.
    expect(fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/storefront' && (init?.method ?? 'GET') === 'GET')).toHaveLength(reads);
  });
});
