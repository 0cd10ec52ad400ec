import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookEndpoint } from '@panel/contract';
import { setStepUpHandler } from '../../api/client';
import { json, renderWithProviders, sentBodies, stubFetch, type FetchMock } from '../../test-utils';
import { WebhooksSection } from './webhooks-section';

afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(undefined);
});

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ROLLED = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 1,
  url: 'https://bot.example.com/panel-webhook',
  description: 'WhatsApp bot',
  events: ['activation.succeeded', 'credit.received'],
  include_sub_resellers: false,
  enabled: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

/** The server's webhook routes on an in-memory list; `stepUp` answers the secret's first read with STEP_UP_REQUIRED. */
function fakeServer(initial: WebhookEndpoint[] = [], options: { stepUp?: boolean } = {}) {
  let rows = [...initial];
  let steppedUp = !options.stepUp;
  return stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    if (url.pathname === '/api/webhooks' && method === 'GET') return json(200, { status: true, msg: 'OK', data: rows });
    if (url.pathname === '/api/webhooks' && method === 'POST') {
      const row = endpoint({ id: 9, url: body.url as string, description: (body.description as string) || null, events: body.events as string[], include_sub_resellers: Boolean(body.include_sub_resellers) });
      rows = [...rows, row];
      return json(201, { status: true, msg: 'Created.', data: { ...row, secret: SECRET } });
    }
    const [, , , idText, action] = url.pathname.split('/');
    const id = Number(idText);
    const row = rows.find((r) => r.id === id)!;
    if (action === 'test') return json(200, { status: true, msg: 'Test event sent.' });
    if (action === 'secret') {
      if (!steppedUp) {
        steppedUp = true;
        return json(403, { status: false, code: 'STEP_UP_REQUIRED', msg: 'Confirm it is you.' });
      }
      return json(200, { status: true, msg: 'OK', data: { ...row, secret: SECRET } });
    }
    if (action === 'roll-secret') {
      const rolled = { ...row, previous_secret_expires_at: body.expire_now ? null : '2026-11-21T10:00:00Z' };
      rows = rows.map((r) => (r.id === id ? rolled : r));
      return json(200, { status: true, msg: 'Rolled.', data: { ...rolled, secret: ROLLED } });
    }
    if (method === 'PUT') {
      const updated = { ...row, ...body, disabled_reason: body.enabled ? null : row.disabled_reason };
      rows = rows.map((r) => (r.id === id ? updated : r));
      return json(200, { status: true, msg: 'Saved.', data: updated });
    }
    if (method === 'DELETE') {
      rows = rows.filter((r) => r.id !== id);
      return json(200, { status: true, msg: 'Deleted.' });
    }
    return json(404, { status: false, msg: 'Not found' });
  });
}

const calls = (fetchMock: FetchMock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === path && (init?.method ?? 'GET') === method);

async function openActions(user: ReturnType<typeof userEvent.setup>, url = 'https://bot.example.com/panel-webhook') {
  await user.click(await screen.findByRole('button', { name: `Actions for ${url}` }));
}

describe('WebhooksSection', () => {
  it('adds an endpoint with the chosen events and shows its secret once, with a warning', async () => {
    const fetchMock = fakeServer();
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    expect(await screen.findByText(/No webhook endpoint yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add an endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    // Nothing chosen: the form says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Choose at least one event.')).toBeInTheDocument();
    expect(within(dialog).getByText('The URL is required.')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/webhooks')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), { target: { value: 'https://bot.example.com/hook' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Telegram bot' } });
    // Each event has its human label and a line on what it carries.
    expect(within(dialog).getByText(/balance fell under your low-credit threshold/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Activation succeeded/));
    await user.click(within(dialog).getByLabelText(/Payment completed/));
    await user.click(within(dialog).getByLabelText(/Also my sub-resellers' events/));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secret = await screen.findByRole('dialog', { name: 'Endpoint added: its signing secret' });
    expect(calls(fetchMock, 'POST', '/api/webhooks').map(([, init]) => JSON.parse(init!.body as string))).toEqual([{
      url: 'https://bot.example.com/hook',
      description: 'Telegram bot',
      events: ['activation.succeeded', 'payment.completed'],
      include_sub_resellers: true,
    }]);
    expect(within(secret).getByText(SECRET)).toBeInTheDocument();
    expect(within(secret).getByText(/it is shown this once/)).toBeInTheDocument();
    expect(within(secret).getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());

    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(within(table).getByText('https://bot.example.com/hook')).toBeInTheDocument();
    expect(within(table).getByText('Payment completed')).toBeInTheDocument();
    expect(within(table).getByText("+ sub-resellers' events")).toBeInTheDocument();
  });

  it("says why the panel turned an endpoint off, and turns it on again with the endpoint's own fields", async () => {
    const fetchMock = fakeServer([
      endpoint({ enabled: false, disabled_reason: 'gone' }),
      endpoint({ id: 2, url: 'https://other.example.com/hook', enabled: false, disabled_reason: 'failing', description: null }),
    ]);
    renderWithProviders(<WebhooksSection />);
    expect(await screen.findByText('Turned off: the receiver answered 410 Gone')).toBeInTheDocument();
    expect(screen.getByText('Turned off after 5 days of failures')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Send events to https://bot.example.com/panel-webhook' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/api/webhooks/1')).toEqual([
        { url: 'https://bot.example.com/panel-webhook', description: 'WhatsApp bot', events: ['activation.succeeded', 'credit.received'], include_sub_resellers: false, enabled: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByText('Turned off: the receiver answered 410 Gone')).not.toBeInTheDocument());
  });

  it('edits an endpoint, keeping whether it is on', async () => {
    const fetchMock = fakeServer([endpoint({ enabled: false })]);
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the webhook endpoint' });
    expect(within(dialog).getByLabelText(/Credit received/)).toBeChecked();
    await user.click(within(dialog).getByLabelText(/Credit received/));
    await user.click(within(dialog).getByLabelText(/Ticket replied/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the webhook endpoint' })).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, '/api/webhooks/1')).toEqual([
      { url: 'https://bot.example.com/panel-webhook', description: 'WhatsApp bot', events: ['activation.succeeded', 'ticket.replied'], include_sub_resellers: false, enabled: false },
    ]);
  });

  it('puts a refused URL under its field', async () => {
    stubFetch(async (url, init) => {
      if (init?.method === 'POST') return json(422, { status: false, msg: 'Invalid.', errors: { url: ['The address resolves to a private network.'] } });
      return json(200, { status: true, msg: 'OK', data: [] });
    });
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
    fireEvent.change(within(dialog).getByLabelText(/Endpoint URL/), { target: { value: 'https://10.0.0.1/hook' } });
    await user.click(within(dialog).getByRole('button', { name: 'Choose all' }));
    expect(within(dialog).getByLabelText(/Devices expiring/)).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('The address resolves to a private network.')).toBeInTheDocument();
  });

  it('sends a test event to the endpoint', async () => {
    const fetchMock = fakeServer([endpoint()]);
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Send test event' }));
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/webhooks/1/test')).toHaveLength(1));
  });

  it('reveals the secret after the step-up the server asks for', async () => {
    const fetchMock = fakeServer([endpoint()], { stepUp: true });
    const stepUp = vi.fn(() => Promise.resolve(true));
    setStepUpHandler(stepUp);
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Reveal secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByText(SECRET)).toBeInTheDocument();
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(calls(fetchMock, 'GET', '/api/webhooks/1/secret')).toHaveLength(2);
  });

  it('rolls the secret, ending the old one now when asked, and shows the new one once', async () => {
    const fetchMock = fakeServer([endpoint()]);
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Roll secret' }));
    const confirm = await screen.findByRole('dialog', { name: 'Roll the signing secret?' });
    expect(within(confirm).getByText(/keeps signing beside it for 24 hours/)).toBeInTheDocument();
    await user.click(within(confirm).getByLabelText(/End the old secret now/));
    await user.click(within(confirm).getByRole('button', { name: 'Roll secret' }));
    const secret = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(secret).getByText(ROLLED)).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/webhooks/1/roll-secret')).toEqual([{ expire_now: true }]);
  });

  it('tells, after a roll that keeps the old secret, until when it still signs', async () => {
    fakeServer([endpoint()]);
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Roll secret' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Roll the signing secret?' })).getByRole('button', { name: 'Roll secret' }));
    const secret = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(secret).getByText(/The previous secret also signs until 11-21-2026/)).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    expect(await screen.findByText(/The previous secret also signs until 11-21-2026/)).toBeInTheDocument();
  });

  it('deletes an endpoint after asking', async () => {
    const fetchMock = fakeServer([endpoint()]);
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await openActions(user);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(confirm).toHaveTextContent('https://bot.example.com/panel-webhook will get no more events');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No webhook endpoint yet/)).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/webhooks/1')).toHaveLength(1);
  });

  it('explains how to verify the signature in Node and PHP, the code left to right', async () => {
    fakeServer();
    renderWithProviders(<WebhooksSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify the signature' }));
    const node = await screen.findByLabelText('Node.js (standardwebhooks package)');
    expect(node).toHaveTextContent('new Webhook(process.env.PANEL_WEBHOOK_SECRET)');
    expect(node).toHaveTextContent('wh.verify(');
    expect(node).toHaveAttribute('dir', 'ltr');
    const php = screen.getByLabelText('PHP (by hand)');
    expect(php).toHaveTextContent(`base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", base64_decode(substr($secret, 6)), true))`);
    expect(php).toHaveAttribute('dir', 'ltr');
  });
});
