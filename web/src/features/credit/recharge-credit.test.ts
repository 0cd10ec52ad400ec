import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64Utf8, encodeBase64Utf8, rechargeBody } from '@panel/contract';
import { rechargeCredit } from './recharge-credit';

/** The browser's own way to base64 UTF-8 text, as a reference for the contract's encoder. */
const reference = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('encodeBase64Utf8', () => {
  const samples = [
    'admin@e2e.test',
    'مدير@مثال.مصر',
    'بائع.التجزئة@example.com',
    '🦊fox@example.com',
    'emoji👩🏽‍💻+tag@exämple.de',
    '482915',
    '1',
    '',
  ];

  it.each(samples)('writes standard base64 of the UTF-8 bytes of %j', (text) => {
    expect(encodeBase64Utf8(text)).toBe(reference(text));
  });

  it.each(samples)('round-trips %j through the server decoder', (text) => {
    expect(decodeBase64Utf8(encodeBase64Utf8(text))).toBe(text);
  });

  it('lets the server schema read back what the recharge form sends', () => {
    const parsed = rechargeBody.safeParse({
      resellerEmail: encodeBase64Utf8('Reseller@Example.com'),
      creditPoint: encodeBase64Utf8('250'),
      creditSharePasscode: encodeBase64Utf8('482915'),
    });
    expect(parsed.success && parsed.data).toEqual({ resellerEmail: 'reseller@example.com', creditPoint: 250, creditSharePasscode: '482915' });
  });
});

describe('rechargeCredit', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the three fields encoded with a request id and a timestamp', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: true, msg: 'ok' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await rechargeCredit({ resellerEmail: ' مدير@example.com ', creditPoint: '25', creditSharePasscode: '482915' }, 'req-1');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname).toBe('/api/admin-recharge-credit');
    const headers = init.headers as Record<string, string>;
    expect(headers['request-id']).toBe('req-1');
    expect(Number.isNaN(Date.parse(headers.timestamp!))).toBe(false);
    const body = JSON.parse(init.body as string) as Record<string, string>;
    expect(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, decodeBase64Utf8(v)]))).toEqual({
      resellerEmail: 'مدير@example.com',
      creditPoint: '25',
      creditSharePasscode: '482915',
    });
  });

  it('uses a fresh request id for every attempt', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const input = { resellerEmail: 'a@b.co', creditPoint: '1', creditSharePasscode: '1234' };
    await rechargeCredit(input);
    await rechargeCredit(input);
    const ids = fetchMock.mock.calls.map((call) => ((call as unknown as [URL, RequestInit])[1].headers as Record<string, string>)['request-id']);
    expect(ids[0]).toBeTruthy();
    expect(ids[0]).not.toBe(ids[1]);
  });
});
