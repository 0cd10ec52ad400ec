import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, rows } from '../../../test/fixtures.js';
import { createEndpoint, sleep, startReceiver, WEBHOOK_TEST_ENV, type Receiver } from '../../../test/webhooks.js';
import { emitEvent } from './outbox.js';

const EVENTS = 200;

/**
 * Two API nodes on one PostgreSQL database, each with its own connection pool and delivery worker:
 * between them every event is delivered once, never twice (the claims skip each other's locked rows).
 */
describe.skipIf(!onPostgres)('webhook delivery by two nodes (PostgreSQL)', () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['anotherNode']>>;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp({ env: WEBHOOK_TEST_ENV, webhooks: { pollMs: 50, concurrency: 4 } });
    other = await t.anotherNode();
    receiver = await startReceiver((_req, res) => {
      // A receiver that takes a moment: both nodes have deliveries in flight at once.
      setTimeout(() => res.end('ok'), 5);
    });
  });
  afterAll(async () => {
    await other?.close();
    await receiver?.close();
    await t?.close();
  });

  it(`delivers ${EVENTS} events exactly once each`, async () => {
    expect(t.webhooks).toBeDefined();
    expect(other.webhooks).toBeDefined();
    const user = await createVerifiedUser(t, { roleName: 'reseller' });
    const endpoint = await createEndpoint(t, user.token, { url: receiver.url, events: ['credit.received'] });

    // Emitted from both nodes' databases, in transactions of a few events each.
    const emitted: string[] = [];
    const dbs = [t.database.db, other.app.deps.db];
    await Promise.all(
      Array.from({ length: EVENTS / 5 }, (_, batch) =>
        dbs[batch % 2]!.transaction(async (tx) => {
          for (let i = 0; i < 5; i++) {
            const id = await emitEvent(tx, { userId: user.id, type: 'credit.received', data: { amount: batch * 5 + i + 1 } });
            emitted.push(id);
          }
        }),
      ),
    );
    expect(new Set(emitted).size).toBe(EVENTS);

    await receiver.waitFor(EVENTS, 60_000);
    // Anything delivered twice would come now.
    await sleep(1500);
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids)).toEqual(new Set(emitted));
    const signer = new Webhook(endpoint.secret);
    for (const r of receiver.received.slice(0, 10)) expect(() => signer.verify(r.body, r.headers as Record<string, string>)).not.toThrow();

    const [counts] = await rows<{ succeeded: number; attempts: number }>(
      t,
      sql`select count(*) filter (where d.status = 'succeeded')::int as succeeded,
                 (select count(*)::int from webhook_attempts a join webhook_deliveries x on x.id = a.delivery_id where x.endpoint_id = ${endpoint.id}) as attempts
          from webhook_deliveries d where d.endpoint_id = ${endpoint.id}`,
    );
    expect(counts).toEqual({ succeeded: EVENTS, attempts: EVENTS });
  });
});
