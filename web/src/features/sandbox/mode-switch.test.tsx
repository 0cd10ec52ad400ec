import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { ModeSync } from '../../app/mode-sync';
import { currentMode, setMode } from '../../lib/mode';
import { json, renderWithProviders, stubFetch, testQueryClient } from '../../test-utils';
import { ModeSwitch } from './mode-switch';

/** A fake server with a balance on each side; `enabled` is what /api/public/modes answers. */
function server(enabled: boolean) {
  return stubFetch(async (url) => {
    if (url.pathname === '/api/public/modes') return json(200, { status: true, msg: 'Modes loaded.', data: { sandbox_enabled: enabled } });
    if (url.pathname === '/api/get-resellers/credit-points') return json(200, { status: true, msg: 'OK', credit_point: 120 });
    if (url.pathname === '/api/sandbox/get-resellers/credit-points') return json(200, { status: true, msg: 'OK', credit_point: 0 });
    return json(404, { status: false, code: 'ROUTE_NOT_FOUND', statusCode: 404, msg: 'no route', message: 'no route', errors: {} });
  });
}

/** What the top bar shows: the caller's balance, under the key every balance change refreshes. */
function Balance() {
  const balance = useQuery({ queryKey: ['credit-points'], queryFn: () => api<{ credit_point: number }>('/get-resellers/credit-points') });
  return <p>balance {balance.data?.credit_point ?? '…'}</p>;
}

describe('ModeSwitch', () => {
  afterEach(() => {
    setMode('live');
    vi.unstubAllGlobals();
  });

  it('is hidden when the server does not offer the sandbox', async () => {
    server(false);
    const client = testQueryClient();
    renderWithProviders(<ModeSwitch compact={false} />, client);
    await waitFor(() => expect(client.getQueryState(['modes'])?.status).toBe('success'));
    expect(screen.queryByRole('radiogroup', { name: 'Mode' })).not.toBeInTheDocument();
  });

  it('is shown when the server offers the sandbox, and switching fetches the data again from the sandbox', async () => {
    const fetchMock = server(true);
    const client = testQueryClient();
    renderWithProviders(
      <ModeSync>
        <ModeSwitch compact={false} />
        <Balance />
      </ModeSync>,
      client,
    );
    const modes = await screen.findByRole('radiogroup', { name: 'Mode' });
    expect(screen.getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(await screen.findByText('balance 120')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Sandbox' }));
    expect(currentMode()).toBe('sandbox');
    expect(screen.getByRole('radio', { name: 'Sandbox' })).toBeChecked();
    // The live balance is dropped at once, not shown as the sandbox's while it loads.
    expect(client.getQueryData(['credit-points'])).toBeUndefined();
    expect(await screen.findByText('balance 0')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url.pathname)).toContain('/api/sandbox/get-resellers/credit-points');
    // Whether the sandbox exists is a server setting: asked once, kept across the switch.
    expect(fetchMock.mock.calls.filter(([url]) => url.pathname === '/api/public/modes')).toHaveLength(1);
    expect(modes).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'Live' }));
    expect(await screen.findByText('balance 120')).toBeInTheDocument();
  });

  it('is a menu on a phone, whose button names the current mode', async () => {
    server(true);
    renderWithProviders(
      <ModeSync>
        <ModeSwitch compact />
      </ModeSync>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mode: Live' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sandbox' }));
    expect(await screen.findByRole('button', { name: 'Mode: Sandbox' })).toBeInTheDocument();
    expect(currentMode()).toBe('sandbox');
  });
});

describe('ModeSync', () => {
  afterEach(() => {
    setMode('live');
    vi.unstubAllGlobals();
  });

  it('goes back to live when the server no longer offers the sandbox kept from an earlier visit, before any screen calls it', async () => {
    setMode('sandbox');
    const fetchMock = server(false);
    renderWithProviders(
      <ModeSync>
        <Balance />
      </ModeSync>,
    );
    expect(await screen.findByText('balance 120')).toBeInTheDocument();
    expect(currentMode()).toBe('live');
    expect(fetchMock.mock.calls.map(([url]) => url.pathname).filter((p) => p.startsWith('/api/sandbox'))).toEqual([]);
  });
});
