import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDelivery, WebhookEndpoint } from '@panel/contract';
import { json, onPhone, renderWithProviders, stubFetch } from '../../test-utils';
import { WebhookDeliveriesModal } from './webhook-deliveries-modal';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ENDPOINT: WebhookEndpoint = {
  id: 4,
  url: 'https://bot.example.com/a/very/long/path/that/a/phone/cannot/show/on/one/line?token=abcdefghijklmnopqrstuvwxyz',
  description: null,
  events: ['activation.succeeded'],
  include_sub_resellers: false,
  enabled: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-20T10:00:00Z',
};

const attempt = (overrides: Partial<WebhookDelivery['attempts'][number]> = {}) => ({
  attempted_at: '2026-11-25T09:00:05Z',
  status_code: 200,
  duration_ms: 1234,
  response_body: '{"ok":true}',
  error: null,
  ...overrides,
});

const DELIVERIES: WebhookDelivery[] = [
  {
    id: 12,
    event_id: 'msg_2Yh7d1kX0aQ5',
    event_type: 'webhook.test',
    status: 'succeeded',
    next_attempt_at: null,
    created_at: '2026-11-25T09:00:00Z',
    attempts: [attempt({ status_code: 500, response_body: 'Internal error '.repeat(60), duration_ms: 87 }), attempt()],
  },
  {
    id: 11,
    event_id: 'msg_2Yh7cZ9',
    event_type: 'activation.succeeded',
    status: 'pending',
    next_attempt_at: '2026-11-25T09:05:00Z',
    created_at: '2026-11-25T08:00:00Z',
    attempts: [attempt({ status_code: null, response_body: null, error: 'Connection refused', duration_ms: 3 })],
  },
];

/** The deliveries route on a list that a redelivery grows by one attempt. */
function fakeServer() {
  let rows = structuredClone(DELIVERIES);
  return stubFetch(async (url, init) => {
    if (url.pathname === '/api/webhooks/4/deliveries') return json(200, { status: true, msg: 'OK', data: rows });
    const redeliver = /^\/api\/webhook-deliveries\/(\d+)\/redeliver$/.exec(url.pathname);
    if (redeliver && init?.method === 'POST') {
      const id = Number(redeliver[1]);
      rows = rows.map((d) => (d.id === id ? { ...d, status: 'succeeded', attempts: [...d.attempts, attempt({ attempted_at: '2026-11-25T10:00:00Z', status_code: 204, response_body: '' })] } : d));
      return json(202, { status: true, msg: 'Queued.' });
    }
    return json(404, { status: false, msg: 'Not found' });
  });
}

describe('WebhookDeliveriesModal', () => {
  it('lists the deliveries newest first, with their status, and each attempt on demand', async () => {
    fakeServer();
    renderWithProviders(<WebhookDeliveriesModal endpoint={ENDPOINT} onClose={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Deliveries of the endpoint' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Test event');
    expect(items[0]).toHaveTextContent('Delivered');
    expect(items[0]).toHaveTextContent('11-25-2026');
    expect(items[1]).toHaveTextContent('Activation succeeded');
    expect(items[1]).toHaveTextContent('Pending');
    expect(items[1]).toHaveTextContent(/Next attempt 11-25-2026/);

    const user = userEvent.setup();
    const toggle = within(items[0]!).getByRole('button', { name: '2 attempts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // The attempts open with a transition: found once shown.
    const attempts = await within(items[0]!).findByRole('list', { name: 'Attempts' });
    const [first, second] = within(attempts).getAllByRole('listitem');
    expect(first).toHaveTextContent('500');
    expect(first).toHaveTextContent('87 ms');
    // The receiver's answer in a wrapping <pre>, left to right.
    const body = first!.querySelector('pre')!;
    expect(body).toHaveTextContent('Internal error');
    expect(body).toHaveAttribute('dir', 'ltr');
    expect(body.style.whiteSpace).toBe('pre-wrap');
    expect(second).toHaveTextContent('200');
    expect(second).toHaveTextContent('1,234 ms');

    await user.click(within(items[1]!).getByRole('button', { name: '1 attempt' }));
    const refused = within(await within(items[1]!).findByRole('list', { name: 'Attempts' })).getByRole('listitem');
    expect(refused).toHaveTextContent('No answer');
    expect(refused).toHaveTextContent('Connection refused');
  });

  it('redelivers one delivery and shows its new attempt', async () => {
    const fetchMock = fakeServer();
    renderWithProviders(<WebhookDeliveriesModal endpoint={ENDPOINT} onClose={() => undefined} />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Deliveries of the endpoint' });
    await user.click(within(list).getByRole('button', { name: /^Redeliver activation\.succeeded of 11-25-2026/ }));
    // The second item (activation.succeeded) had one attempt.
    await waitFor(() => expect(within(within(list).getAllByRole('listitem')[1]!).getByRole('button', { name: '2 attempts' })).toBeInTheDocument());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url.pathname);
    expect(posts).toEqual(['/api/webhook-deliveries/11/redeliver']);
  });

  it('reads the list again on Refresh', async () => {
    const fetchMock = fakeServer();
    renderWithProviders(<WebhookDeliveriesModal endpoint={ENDPOINT} onClose={() => undefined} />);
    await screen.findByRole('list', { name: 'Deliveries of the endpoint' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/webhooks/4/deliveries')).toHaveLength(2));
  });

  it('reads itself again while a delivery is about to be attempted', async () => {
    const pending = { ...DELIVERIES[1]!, next_attempt_at: null, attempts: [] };
    const fetchMock = stubFetch(async () => json(200, { status: true, msg: 'OK', data: [pending] }));
    renderWithProviders(<WebhookDeliveriesModal endpoint={ENDPOINT} onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Not attempted yet' })).toBeDisabled();
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 6_000 });
  });

  it('says so when nothing was sent yet, full screen on a phone', async () => {
    onPhone();
    stubFetch(async () => json(200, { status: true, msg: 'OK', data: [] }));
    renderWithProviders(<WebhookDeliveriesModal endpoint={ENDPOINT} onClose={() => undefined} />);
    expect(await screen.findByText('Nothing sent to this endpoint yet. Send a test event to try it.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Deliveries' })).toHaveTextContent(ENDPOINT.url);
  });
});
