import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMode } from '../lib/mode';
import { json, stubFetch } from '../test-utils';
import { api, setTwoFactorSetupHandler } from './client';

const paths = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => `${url.pathname}${url.search}`);

describe('api (the mode)', () => {
  afterEach(() => {
    setMode('live');
    vi.unstubAllGlobals();
  });

  it('sends every call under /api in live mode', async () => {
    const fetchMock = stubFetch(async () => json(200, { status: true }));
    await api('/get-resellers/credit-points');
    await api('/resellers', { query: { page: 2 } });
    await api('/public/modes');
    expect(paths(fetchMock)).toEqual(['/api/get-resellers/credit-points', '/api/resellers?page=2', '/api/public/modes']);
  });

  it('sends every call under /api/sandbox in the sandbox, except the question whether the sandbox exists and the backups (of the live database)', async () => {
    const fetchMock = stubFetch(async () => json(200, { status: true }));
    setMode('sandbox');
    await api('/get-resellers/credit-points');
    await api('/test-credit', { method: 'POST', body: { credit_points: 5 } });
    await api('/public/modes');
    await api('/backups');
    await api('/backups', { method: 'POST' });
    expect(paths(fetchMock)).toEqual(['/api/sandbox/get-resellers/credit-points', '/api/sandbox/test-credit', '/api/public/modes', '/api/backups', '/api/backups']);
    setMode('live');
    await api('/get-resellers/credit-points');
    expect(paths(fetchMock).at(-1)).toBe('/api/get-resellers/credit-points');
  });

  it('remembers the mode in this browser', () => {
    setMode('sandbox');
    expect(localStorage.getItem('mode')).toBe('sandbox');
    setMode('live');
    expect(localStorage.getItem('mode')).toBe('live');
  });
});

describe('api (a second factor the account must set up)', () => {
  afterEach(() => {
    setTwoFactorSetupHandler(() => {});
    vi.unstubAllGlobals();
  });

  it('hands 403 TWO_FACTOR_SETUP_REQUIRED to the router, and still fails the call', async () => {
    stubFetch(async () => json(403, { status: false, statusCode: 403, code: 'TWO_FACTOR_SETUP_REQUIRED', msg: 'Set it up', message: 'Set it up', errors: {} }));
    const handler = vi.fn();
    setTwoFactorSetupHandler(handler);
    await expect(api('/total-resellers/list')).rejects.toMatchObject({ status: 403, code: 'TWO_FACTOR_SETUP_REQUIRED' });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves other refusals alone', async () => {
    stubFetch(async () => json(403, { status: false, statusCode: 403, code: 'FORBIDDEN', msg: 'No', message: 'No', errors: {} }));
    const handler = vi.fn();
    setTwoFactorSetupHandler(handler);
    await expect(api('/total-resellers/list')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(handler).not.toHaveBeenCalled();
  });
});
