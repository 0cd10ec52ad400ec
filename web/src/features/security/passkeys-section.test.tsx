import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithProviders, sentBodies, stubFetch, type FetchMock } from '../../test-utils';
import { PasskeysSection } from './passkeys-section';

/** jsdom has no WebAuthn: the browser's prompt is stood in for, the rest of the module is real. */
const browser = vi.hoisted(() => ({ supported: true, create: vi.fn() }));
vi.mock('../../lib/passkey', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/passkey')>()),
  passkeysSupported: () => browser.supported,
  createWithPasskey: browser.create,
}));

const REGISTRATION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} };
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`);

/** The bodies of the POSTs to /api/passkeys (the list is a GET on the same path). */
const created = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([url, init]) => url.pathname === '/api/passkeys' && init?.method === 'POST').map(([, init]) => JSON.parse(init?.body as string) as unknown);

type Row = { id: number; name: string; created_at: string; last_used_at: string | null };

beforeEach(() => {
  browser.supported = true;
  browser.create.mockReset();
  browser.create.mockResolvedValue(REGISTRATION);
});
afterEach(() => vi.unstubAllGlobals());

function fakeServer(initial: Row[] = []) {
  let rows = [...initial];
  return stubFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/passkeys' && method === 'GET') return json(200, { status: true, msg: 'OK', data: rows });
    if (url.pathname === '/api/passkeys' && method === 'POST') {
      const body = JSON.parse(init?.body as string) as { name: string };
      const row = { id: rows.length + 1, name: body.name, created_at: '2026-11-20T10:00:00Z', last_used_at: null };
      const first = rows.length === 0;
      rows = [...rows, row];
      return json(201, { status: true, msg: 'Passkey added.', data: row, ...(first ? { recovery_codes: CODES } : {}) });
    }
    const id = Number(url.pathname.split('/').pop());
    if (method === 'PATCH') {
      const body = JSON.parse(init?.body as string) as { name: string };
      rows = rows.map((r) => (r.id === id ? { ...r, name: body.name } : r));
      return json(200, { status: true, msg: 'Passkey renamed.', data: rows.find((r) => r.id === id) });
    }
    if (method === 'DELETE') {
      rows = rows.filter((r) => r.id !== id);
      return json(200, { status: true, msg: 'Passkey removed.' });
    }
    return json(200, { status: true, msg: 'OK', data: { email: 'rita@example.com' } });
  });
}

describe('PasskeysSection', () => {
  it('asks a name, runs the browser prompt, and shows the recovery codes of the first factor once', async () => {
    const fetchMock = fakeServer();
    renderWithProviders(<PasskeysSection />);
    const user = userEvent.setup();
    expect(await screen.findByText('No passkey yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter a name for the passkey.')).toBeInTheDocument();
    expect(browser.create).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Passkey name/), ' Work laptop ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const codes = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(codes.querySelectorAll('li')).toHaveLength(10);
    expect(browser.create).toHaveBeenCalledOnce();
    expect(created(fetchMock)).toEqual([{ name: 'Work laptop', response: REGISTRATION }]);
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    const table = await screen.findByRole('table', { name: 'Passkeys' });
    expect(within(table).getByText('Work laptop')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
  });

  it('says so when the person closes the browser prompt, and adds nothing', async () => {
    const fetchMock = fakeServer();
    browser.create.mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    renderWithProviders(<PasskeysSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await user.type(screen.getByLabelText(/Passkey name/), 'Phone');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The passkey was not created. Try again when you are ready.')).toBeInTheDocument();
    expect(created(fetchMock)).toEqual([]);
  });

  it('renames and removes a passkey, asking before removing', async () => {
    const fetchMock = fakeServer([{ id: 7, name: 'Phone', created_at: '2026-11-20T10:00:00Z', last_used_at: '2026-11-21T08:00:00Z' }]);
    renderWithProviders(<PasskeysSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename the passkey Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const input = within(dialog).getByLabelText('Passkey name');
    await user.clear(input);
    await user.type(input, 'Old phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Remove the passkey Old phone' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, '/api/passkeys/7')).toEqual([{ name: 'Old phone' }]);

    await user.click(screen.getByRole('button', { name: 'Remove the passkey Old phone' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No passkey yet.')).toBeInTheDocument();
  });

  it('explains when the browser cannot use passkeys', async () => {
    browser.supported = false;
    fakeServer();
    renderWithProviders(<PasskeysSection />);
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  });
});
