import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReminderPreview, SentReminder, Storefront } from '@panel/contract';
import { json, renderRoutes, stubFetch, type Fetch, type FetchMock } from '../../test-utils';
import { StorefrontPage } from './storefront-page';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../../components/toast', () => ({ toastError: toasts.error, toastSuccess: toasts.success, showToast: vi.fn() }));

const STORE = {
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
  telegram: { connected: false, bot_username: null, owner_link_url: null, owner_linked: false },
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
} satisfies Storefront;

const SUBJECTS = { en: 'Your IBO Player expires in 3 days', de: 'Ihr IBO Player läuft in 3 Tagen ab', ar: 'ينتهي IBO Player خلال 3 أيام', br: 'Seu IBO Player vence em 3 dias', esp: 'Tu IBO Player vence en 3 días' } as const;
const preview = (language: keyof typeof SUBJECTS): ReminderPreview => ({
  language,
  subject: SUBJECTS[language],
  text: `${SUBJECTS[language]}\n\nRenew: https://panel.example/store/fast-tv/renew/example`,
  html: `<p>${SUBJECTS[language]}</p><a href="https://panel.example/store/fast-tv/renew/example">Renew</a>`,
});

const SENT: SentReminder[] = [
  {
    id: 3,
    customer: { id: 5, name: 'Ana Buyer', email: 'ana@example.test' },
    mac_address: '00:1A:2B:3C:4D:5E',
    app: { id: 1, name: 'IBO Player' },
    phase: 'before',
    days: 3,
    expires_at: '2026-12-10T00:00:00.000Z',
    email_status: 'sent',
    telegram_status: 'failed',
    sent_at: '2026-12-07T09:00:00.000Z',
  },
  {
    id: 2,
    customer: { id: 6, name: null, email: 'bob@example.test' },
    mac_address: '00:1A:2B:3C:4D:5F',
    app: { id: 1, name: 'IBO Player' },
    phase: 'after',
    days: 0,
    expires_at: '2026-12-06T00:00:00.000Z',
    email_status: null,
    telegram_status: null,
    sent_at: null,
  },
];

const ok = (data: unknown, msg = 'OK') => json(200, { status: true, msg, data });
const refusal = (errors: Record<string, string[]>) => json(422, { status: false, statusCode: 422, code: 'VALIDATION', msg: 'Invalid', message: 'Invalid', errors });
const puts = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/storefront/reminders' && init?.method === 'PUT').map(([, init]) => JSON.parse(init!.body as string) as unknown);

/** The fake server: the store, its reminders, and `save` for the PUT. */
function serve(save: Fetch = async (_url, init) => ok(JSON.parse(init!.body as string), 'Reminder settings saved.')) {
  return stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/storefront/reminders' && method === 'PUT') return save(url, init);
    if (url.pathname === '/api/storefront/reminders') return ok({ enabled: false, days_before: [7, 3, 1], days_after: [1] });
    if (url.pathname === '/api/storefront/reminders/preview') return ok(preview((url.searchParams.get('language') ?? 'en') as keyof typeof SUBJECTS));
    if (url.pathname === '/api/storefront/reminders/sent') return ok(SENT);
    if (url.pathname === '/api/storefront') return ok(STORE);
    return json(404, { status: false, msg: 'no route' });
  });
}

async function openReminders() {
  renderRoutes([{ path: '/storefront', element: <StorefrontPage /> }, { path: '/customers/:id', element: <p>customer</p> }], '/storefront');
  fireEvent.click(await screen.findByRole('tab', { name: 'Reminders' }));
  return screen.findByRole('switch', { name: /Send reminders to my customers/ });
}

/** Picks `option` in the milestone multi-select labelled `label`. */
async function pick(label: RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Storefront → Reminders', () => {
  beforeEach(() => toasts.success.mockReset());
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing of the reminders until its tab is opened', async () => {
    const fetchMock = serve();
    renderRoutes([{ path: '/storefront', element: <StorefrontPage /> }], '/storefront');
    expect(await screen.findByRole('tab', { name: 'Telegram' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.pathname.startsWith('/api/storefront/reminders'))).toBe(false);
  });

  it('turns reminders on with milestones chosen in any order, and sends each list sorted in time order', async () => {
    const fetchMock = serve();
    const enabled = await openReminders();
    expect(enabled).not.toBeChecked();
    fireEvent.click(enabled);
    await pick(/Before the expiry/, '14 days before');
    await pick(/After the expiry/, 'On the expiry day');
    await pick(/After the expiry/, '7 days after');
    // Shown in time order too: the farthest day before first, the nearest day after first.
    const before = screen.getByRole('combobox', { name: /Before the expiry/ }).closest('.mantine-MultiSelect-root') as HTMLElement;
    expect(Array.from(before.querySelectorAll('.mantine-Pill-label')).map((pill) => pill.textContent)).toEqual(['14 days before', '7 days before', '3 days before', '1 day before']);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ enabled: true, days_before: [14, 7, 3, 1], days_after: [0, 1, 7] }]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reminder settings saved.'));
  });

  it("shows the server's refusal of a list under its field", async () => {
    serve(async () => refusal({ days_after: ['Each day may appear only once.'] }));
    await openReminders();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Each day may appear only once.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /After the expiry/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /Before the expiry/ })).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('previews the mail in the store language first, then in the language picked, in a sandboxed frame or as plain text', async () => {
    const fetchMock = serve();
    await openReminders();
    const shown = await screen.findByTestId('reminder-preview');
    expect(within(shown).getByText(SUBJECTS.en)).toBeInTheDocument();
    const frame = within(shown).getByTitle('Preview of the reminder mail in English');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain(SUBJECTS.en);

    fireEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Deutsch' }));
    expect(await within(shown).findByText(SUBJECTS.de)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url.pathname === '/api/storefront/reminders/preview' && url.searchParams.get('language') === 'de')).toBe(true);

    fireEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'العربية' }));
    const subject = await within(shown).findByText(SUBJECTS.ar);
    expect(subject).toHaveAttribute('dir', 'rtl');

    fireEvent.click(screen.getByRole('radio', { name: 'Plain text' }));
    expect(within(shown).queryByTitle(/Preview of the reminder mail/)).not.toBeInTheDocument();
    expect(within(shown).getByText(/Renew: https:\/\/panel.example\/store\/fast-tv\/renew\/example/)).toBeInTheDocument();
  });

  it('lists the last reminders sent: customer, device, milestone, expiry, each channel and when', async () => {
    serve();
    await openReminders();
    const table = await screen.findByRole('table', { name: 'Last reminders sent' });
    const first = within(table).getByRole('link', { name: 'Ana Buyer' }).closest('tr')!;
    expect(within(table).getByRole('link', { name: 'Ana Buyer' })).toHaveAttribute('href', '/customers/5');
    expect(within(first).getByText('00:1A:2B:3C:4D:5E')).toBeInTheDocument();
    expect(within(first).getByText('3 days before')).toBeInTheDocument();
    expect(within(first).getByText('E-mail: sent')).toBeInTheDocument();
    expect(within(first).getByText('Telegram: failed')).toBeInTheDocument();
    const second = within(table).getByRole('link', { name: 'bob@example.test' }).closest('tr')!;
    expect(within(second).getByText('On the expiry day')).toBeInTheDocument();
    expect(within(second).getByText('Sending')).toBeInTheDocument();
  });
});
