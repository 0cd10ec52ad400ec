import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScopedApiKey } from '@panel/contract';
import { setStepUpHandler } from '../../api/client';
import { json, renderWithProviders, stubFetch, type FetchMock } from '../../test-utils';
import { ApiKeysSection } from './api-keys-section';

const KEY = 'rsk_AbCdEfGh0123456789abcdefghijklmnopqrstuvwxy';

const row = (over: Partial<ScopedApiKey> = {}): ScopedApiKey => ({
  id: 1,
  name: 'WhatsApp bot',
  prefix: 'rsk_Zz9Yy8Xx',
  scopes: ['read', 'activate'],
  daily_spend_cap: 10,
  spent_today: 3,
  last_used_at: '2026-11-21T08:00:00Z',
  last_used_ip: '203.0.113.7',
  created_at: '2026-11-20T10:00:00Z',
  revoked_at: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(undefined);
});

/** A fake server for the keys; `stepUpFirst`: the first creation answers STEP_UP_REQUIRED; `apiAccess: false`: the admin has not given the account API access. */
function fakeServer(initial: ScopedApiKey[] = [], options: { stepUpFirst?: boolean; apiAccess?: boolean } = {}) {
  let rows = [...initial];
  let askStepUp = options.stepUpFirst ?? false;
  return stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/api-keys' && method === 'GET') return json(200, { status: true, msg: 'OK', data: rows, api_access: options.apiAccess ?? true });
    if (url.pathname === '/api/api-keys' && method === 'POST') {
      if (askStepUp) {
        askStepUp = false;
        return json(403, { status: false, statusCode: 403, code: 'STEP_UP_REQUIRED', msg: 'Confirm it is you.', message: 'Confirm it is you.' });
      }
      const body = JSON.parse(init?.body as string) as { name: string; scopes: ScopedApiKey['scopes']; daily_spend_cap?: number };
      const created = row({ id: rows.length + 10, name: body.name, scopes: body.scopes, daily_spend_cap: body.daily_spend_cap ?? null, spent_today: 0, prefix: KEY.slice(0, 12), last_used_at: null, last_used_ip: null });
      rows = [created, ...rows];
      return json(201, { status: true, msg: 'API key created. Copy it now: it is shown only once.', data: { ...created, key: KEY } });
    }
    const id = Number(url.pathname.split('/').pop());
    if (method === 'PATCH') {
      const body = JSON.parse(init?.body as string) as Partial<Pick<ScopedApiKey, 'name' | 'daily_spend_cap'>>;
      rows = rows.map((r) => (r.id === id ? { ...r, ...body } : r));
      return json(200, { status: true, msg: 'API key updated.', data: rows.find((r) => r.id === id) });
    }
    if (method === 'DELETE') {
      rows = rows.map((r) => (r.id === id ? { ...r, revoked_at: '2026-11-22T09:00:00Z' } : r));
      return json(200, { status: true, msg: 'API key revoked. It no longer works.' });
    }
    return json(404, { status: false, statusCode: 404, code: 'ROUTE_NOT_FOUND', msg: 'Not found', message: 'Not found' });
  });
}

/** The bodies of the POSTs to /api/api-keys (the list is a GET on the same path). */
const created = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/api-keys' && init?.method === 'POST').map(([, init]) => JSON.parse(init?.body as string) as unknown);
const patches = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => [url.pathname, JSON.parse(init?.body as string) as unknown]);
const deletes = (fetchMock: FetchMock) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => url.pathname);

describe('ApiKeysSection', () => {
  it('lists the keys by their first characters, scopes, spend against the cap and last use; a revoked key has no revoke button', async () => {
    fakeServer([row(), row({ id: 2, name: 'Old bot', prefix: 'rsk_Old12345', daily_spend_cap: null, spent_today: 0, last_used_at: null, last_used_ip: null, revoked_at: '2026-11-21T00:00:00Z' })]);
    renderWithProviders(<ApiKeysSection />);
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('rsk_Zz9Yy8Xx…')).toBeInTheDocument();
    expect(within(table).getByText('3 of 10')).toBeInTheDocument();
    expect(within(table).getByText('0 (no cap)')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(within(table).getAllByText('Read')).toHaveLength(2);
    expect(within(table).getByText('Revoked')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke the key WhatsApp bot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the key Old bot' })).not.toBeInTheDocument();
  });

  it('checks the form, creates the key and shows it once with a copy button and a warning', async () => {
    const fetchMock = fakeServer();
    renderWithProviders(<ApiKeysSection />);
    const user = userEvent.setup();
    expect(await screen.findByText('No API key yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^Read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Activate/ }));
    await user.type(within(dialog).getByLabelText(/Daily spend cap/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Select at least one scope, each once.')).toBeInTheDocument();
    expect(within(dialog).getByText('The daily spend cap must be a whole number of credits, at least 1.')).toBeInTheDocument();
    expect(within(dialog).getByText(/name is required/i)).toBeInTheDocument();
    expect(created(fetchMock)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Key name/), ' Telegram bot ');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Activate/ }));
    await user.clear(within(dialog).getByLabelText(/Daily spend cap/));
    await user.type(within(dialog).getByLabelText(/Daily spend cap/), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText(KEY)).toBeInTheDocument();
    expect(within(shown).getByText(/it is shown only once/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy the key' })).toBeInTheDocument();
    expect(created(fetchMock)).toEqual([{ name: 'Telegram bot', scopes: ['activate'], daily_spend_cap: 5 }]);

    await user.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Telegram bot')).toBeInTheDocument();
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
  });

  it('says while API access is off that keys are refused, and says it again beside a new key', async () => {
    fakeServer([], { apiAccess: false });
    renderWithProviders(<ApiKeysSection />);
    const user = userEvent.setup();
    expect(await screen.findByText('API access is off for this account: its keys are refused until your admin turns it on.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByLabelText(/Key name/), 'Bot');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByText('API access is off for this account: this key will work once your admin turns it on.')).toBeInTheDocument();
  });

  it('shows no API access warning while access is on', async () => {
    fakeServer([row()]);
    renderWithProviders(<ApiKeysSection />);
    await screen.findByRole('table', { name: 'API keys' });
    expect(screen.queryByText(/API access is off/)).not.toBeInTheDocument();
  });

  it('asks for the step-up the server wants, then creates the key', async () => {
    const fetchMock = fakeServer([], { stepUpFirst: true });
    const stepUp = vi.fn(async () => true);
    setStepUpHandler(stepUp);
    renderWithProviders(<ApiKeysSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create a key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByLabelText(/Key name/), 'Bot');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText(KEY)).toBeInTheDocument();
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(created(fetchMock)).toHaveLength(2);
  });

  it('renames a key and removes its cap, sending only what changed', async () => {
    const fetchMock = fakeServer([row({ id: 7 })]);
    renderWithProviders(<ApiKeysSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the key WhatsApp bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API key' });
    const name = within(dialog).getByRole('textbox', { name: /Key name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/name is required/i)).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([]);
    await user.type(name, 'Telegram bot');
    await user.clear(within(dialog).getByRole('textbox', { name: /Daily spend cap/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Telegram bot')).toBeInTheDocument();
    expect(patches(fetchMock)).toEqual([['/api/api-keys/7', { name: 'Telegram bot', daily_spend_cap: null }]]);
  });

  it('revokes a key after asking', async () => {
    const fetchMock = fakeServer([row({ id: 7 })]);
    renderWithProviders(<ApiKeysSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke the key WhatsApp bot' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this key?' });
    expect(within(confirm).getByText(/rsk_Zz9Yy8Xx/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(deletes(fetchMock)).toEqual(['/api/api-keys/7']);
  });

  it('offers an admin, who has no API key, no button to create one and says why', async () => {
    stubFetch(async (url) => {
      if (url.pathname === '/api/profile') return json(200, { status: true, msg: 'ok', data: { admin: true, IBOReseller: { email: 'admin@e2e.test' } } });
      return json(200, { status: true, msg: 'OK', data: [], api_access: false });
    });
    renderWithProviders(<ApiKeysSection />);
    expect(await screen.findByText(/API keys are for reseller accounts: an admin account has none/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a key' })).not.toBeInTheDocument();
    expect(screen.queryByText(/API access is off for this account/)).not.toBeInTheDocument();
  });
});
