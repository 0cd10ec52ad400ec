import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@panel/contract';
import type { TestApp } from './harness.js';

export type Received = { headers: http.IncomingHttpHeaders; body: string; at: number };
type Respond = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

/** The environment of webhook tests: receivers on 127.0.0.1, retries a second apart. */
export const WEBHOOK_TEST_ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1' };

/**
 * A real receiver on 127.0.0.1 and a random port: it records every request (headers, raw body)
 * and answers 200 unless told otherwise by `respond` (`n`: the request's number, from 1).
 */
export async function startReceiver(respond?: Respond) {
  const received: Received[] = [];
  let answer: Respond = respond ?? ((_req, res) => res.end('ok'));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      answer(req, res, received.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    respond(fn: Respond) {
      answer = fn;
    },
    /** Waits until `n` requests arrived (or fails after `timeoutMs`). */
    async waitFor(n: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`receiver got ${received.length} of ${n} requests in ${timeoutMs} ms`);
        await sleep(20);
      }
      return received;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST /api/webhooks as `token`; answers the endpoint with its secret. */
export async function createEndpoint(
  t: TestApp,
  token: string,
  body: { url: string; events?: string[]; description?: string; include_sub_resellers?: boolean },
): Promise<WebhookEndpoint & { secret: string }> {
  const res = await t.call({ method: 'POST', url: '/api/webhooks', token, payload: { events: ['credit.received'], ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: WebhookEndpoint & { secret: string } }>().data;
}

export async function deliveriesOf(t: TestApp, token: string, endpointId: number): Promise<WebhookDelivery[]> {
  const res = await t.call({ method: 'GET', url: `/api/webhooks/${endpointId}/deliveries`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WebhookDelivery[] }>().data;
}

/** Waits until `check` passes (it throws until then), polling every 50 ms. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(50);
    }
  }
}
