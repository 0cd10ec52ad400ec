import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RESPONSE_KEEP_BYTES } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createVerifiedUser, expectError, rows, type TestUser } from '../../../test/fixtures.js';
import { createEndpoint, deliveriesOf, eventually, sleep, startReceiver, WEBHOOK_TEST_ENV, type Receiver } from '../../../test/webhooks.js';
import { emitEvent } from './outbox.js';
import { claimDeliveries, cleanupWebhooks, startWebhookWorker } from './worker.js';

/**
 * Deliveries to a real receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE), retries a second apart and
 * a receiver time-out of one second, through the worker a node runs.
 */
describe('webhook deliveries', () => {
  let t: TestApp;
  let user: TestUser;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: WEBHOOK_TEST_ENV, webhooks: { pollMs: 100, timeoutMs: 1000 } });
    user = await createVerifiedUser(t, { roleName: 'reseller' });
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    await t.close();
  });

  const test = (endpointId: number, token = user.token) => t.call({ method: 'POST', url: `/api/webhooks/${endpointId}/test`, token });

  it('sends the test event, signed so that the standardwebhooks verifier accepts it', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, user.token, { url: r.url, description: 'My bot' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const sent = await test(endpoint.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const { event_id } = sent.json<{ data: { event_id: string } }>().data;

    const [got] = await r.waitFor(1);
    expect(got!.headers['webhook-id']).toBe(event_id);
    expect(got!.headers['content-type']).toBe('application/json');
    expect(Number(got!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(got!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(endpoint.secret).verify(got!.body, got!.headers as Record<string, string>) as Record<string, unknown>;
    expect(payload).toMatchObject({ type: 'webhook.test', data: { account_id: user.id, endpoint_id: endpoint.id } });
    expect(new Date(payload.timestamp as string).getTime()).toBeLessThanOrEqual(Date.now());
    // Another secret does not verify it.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(got!.body, got!.headers as Record<string, string>)).toThrow();

    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(t, user.token, endpoint.id);
      expect(list[0]?.status).toBe('succeeded');
      return list;
    });
    expect(delivery).toMatchObject({ event_id, event_type: 'webhook.test', next_attempt_at: null });
    expect(delivery!.attempts).toEqual([{ attempted_at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), response_body: 'ok', error: null }]);
  });

  it('retries a receiver that is down: the third attempt arrives with the same webhook-id', async () => {
    const r = await receiver((req, res, n) => {
      if (n === 1) return req.socket.destroy(); // no answer at all
      if (n === 2) return res.writeHead(503).end('down for maintenance');
      res.end('thanks');
    });
    const endpoint = await createEndpoint(t, user.token, { url: r.url });
    const { event_id } = (await test(endpoint.id)).json<{ data: { event_id: string } }>().data;
    const got = await r.waitFor(3);
    expect(got.map((g) => g.headers['webhook-id'])).toEqual([event_id, event_id, event_id]);
    // About a second apart (WEBHOOK_RETRY_SCHEDULE=1,1,1).
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(900);
    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(t, user.token, endpoint.id);
      expect(list[0]?.status).toBe('succeeded');
      return list;
    });
    expect(delivery!.attempts.map((a) => [a.status_code, a.error, a.response_body])).toEqual([
      [null, 'connection_failed', null],
      [503, null, 'down for maintenance'],
      [200, null, 'thanks'],
    ]);
  });

  it('gives up after the last retry of the schedule', async () => {
    const r = await receiver((_req, res) => res.writeHead(500).end());
    const endpoint = await createEndpoint(t, user.token, { url: r.url });
    await test(endpoint.id);
    // The first attempt and one after each of the schedule's three delays.
    await r.waitFor(4);
    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(t, user.token, endpoint.id);
      expect(list[0]?.status).toBe('failed');
      return list;
    });
    expect(delivery!.attempts).toHaveLength(4);
    expect(delivery!.next_attempt_at).toBeNull();
    await sleep(1500);
    expect(r.received).toHaveLength(4);

    // Redelivered: one more attempt, with the same id.
    r.respond((_req, res) => res.end('back'));
    const again = await t.call({ method: 'POST', url: `/api/webhook-deliveries/${delivery!.id}/redeliver`, token: user.token });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: { status: string } }>().data.status).toBe('pending');
    const got = await r.waitFor(5);
    expect(got[4]!.headers['webhook-id']).toBe(delivery!.event_id);
    await eventually(async () => expect((await deliveriesOf(t, user.token, endpoint.id))[0]!.status).toBe('succeeded'));
  });

  it('turns the endpoint off at once on 410 Gone', async () => {
    const r = await receiver((_req, res) => res.writeHead(410).end('gone'));
    const endpoint = await createEndpoint(t, user.token, { url: r.url });
    await test(endpoint.id);
    await r.waitFor(1);
    const list = await eventually(async () => {
      const answer = (await t.call({ method: 'GET', url: '/api/webhooks', token: user.token })).json<{ data: { id: number; enabled: boolean; disabled_reason: string | null }[] }>();
      const mine = answer.data.find((e) => e.id === endpoint.id)!;
      expect(mine).toMatchObject({ enabled: false, disabled_reason: 'gone' });
      return answer;
    });
    expect(list).toBeDefined();
    expect((await deliveriesOf(t, user.token, endpoint.id))[0]!.status).toBe('failed');
    expectError(await test(endpoint.id), 409, 'WEBHOOK_DISABLED');

    // Turned on again by its owner: the reason is cleared.
    const on = await t.call({ method: 'PUT', url: `/api/webhooks/${endpoint.id}`, token: user.token, payload: { url: r.url, events: ['credit.received'], enabled: true } });
    expect(on.json<{ data: unknown }>().data).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('does not follow a redirect', async () => {
    const elsewhere = await receiver();
    const r = await receiver((_req, res) => res.writeHead(302, { location: elsewhere.url }).end());
    const endpoint = await createEndpoint(t, user.token, { url: r.url });
    await test(endpoint.id);
    await r.waitFor(1);
    const [delivery] = await eventually(async () => {
      const list = await deliveriesOf(t, user.token, endpoint.id);
      expect(list[0]?.attempts).toHaveLength(1);
      return list;
    });
    expect(delivery!.attempts[0]!.status_code).toBe(302);
    expect(delivery!.status).toBe('pending');
    await sleep(300);
    expect(elsewhere.received).toHaveLength(0);
    await t.call({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, token: user.token });
  });

  it('times a slow receiver out, and reads no more than 1 KB of a huge answer', async () => {
    const slow = await receiver((_req, res) => {
      setTimeout(() => res.end('late'), 3000).unref();
    });
    const huge = await receiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // An answer that never ends unless the worker drops it.
      const line = 'x'.repeat(64 * 1024);
      const write = () => {
        while (!res.destroyed && res.write(line));
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    });
    const slowEndpoint = await createEndpoint(t, user.token, { url: slow.url });
    const hugeEndpoint = await createEndpoint(t, user.token, { url: huge.url });
    await Promise.all([test(slowEndpoint.id), test(hugeEndpoint.id)]);

    const [timedOut] = await eventually(async () => {
      const list = await deliveriesOf(t, user.token, slowEndpoint.id);
      expect(list[0]?.attempts.length).toBeGreaterThan(0);
      return list;
    });
    expect(timedOut!.attempts[0]).toMatchObject({ status_code: null, error: 'timeout', response_body: null });
    expect(timedOut!.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(950);
    expect(timedOut!.attempts[0]!.duration_ms).toBeLessThan(2500);

    const [cut] = await eventually(async () => {
      const list = await deliveriesOf(t, user.token, hugeEndpoint.id);
      expect(list[0]?.status).toBe('succeeded');
      return list;
    });
    expect(cut!.attempts).toEqual([expect.objectContaining({ status_code: 200, error: null, response_body: 'x'.repeat(WEBHOOK_RESPONSE_KEEP_BYTES) })]);
    for (const e of [slowEndpoint, hugeEndpoint]) await t.call({ method: 'DELETE', url: `/api/webhooks/${e.id}`, token: user.token });
  });

  it('signs with both secrets while a rolled one overlaps, and with the new one only when it ended at once', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, user.token, { url: r.url });
    const rolled = await t.call({ method: 'POST', url: `/api/webhooks/${endpoint.id}/roll-secret`, token: user.token, payload: {} });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const next = rolled.json<{ data: { secret: string; previous_secret_expires_at: string } }>().data;
    expect(next.secret).not.toBe(endpoint.secret);
    const overlap = new Date(next.previous_secret_expires_at).getTime() - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3_600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3_600_000);

    await test(endpoint.id);
    const [during] = await r.waitFor(1);
    const signatures = String(during!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    for (const secret of [endpoint.secret, next.secret]) {
      expect(new Webhook(secret).verify(during!.body, during!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });
    }

    const ended = await t.call({ method: 'POST', url: `/api/webhooks/${endpoint.id}/roll-secret`, token: user.token, payload: { expire_now: true } });
    const last = ended.json<{ data: { secret: string; previous_secret_expires_at: string | null } }>().data;
    expect(last.previous_secret_expires_at).toBeNull();
    await test(endpoint.id);
    const [, after] = await r.waitFor(2);
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(next.secret).verify(after!.body, after!.headers as Record<string, string>)).toThrow();
    expect(new Webhook(last.secret).verify(after!.body, after!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    // The reveal answers the current secret.
    const shown = await t.call({ method: 'GET', url: `/api/webhooks/${endpoint.id}/secret`, token: user.token });
    expect(shown.json<{ data: { secret: string } }>().data.secret).toBe(last.secret);
    // No secret in the audit trail.
    const audit = await rows<{ action: string; details: unknown }>(t, sql`select action, details from audit_log where target_type = 'webhook' and target_id = ${String(endpoint.id)}`);
    expect(audit.map((a) => a.action).sort()).toEqual(['webhook.created', 'webhook.secret_rolled', 'webhook.secret_rolled', 'webhook.secret_viewed']);
    for (const secret of [endpoint.secret, next.secret, last.secret]) expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it('sends an event of a committed transaction, and nothing of a rolled-back one', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, user.token, { url: r.url, events: ['credit.received'] });
    await expect(
      t.database.db.transaction(async (tx) => {
        expect(await emitEvent(tx, { userId: user.id, type: 'credit.received', data: { amount: 5, rolled: 'back' } })).toMatch(/^evt_/);
        throw new Error('the move failed');
      }),
    ).rejects.toThrow('the move failed');
    const committed = await t.database.db.transaction((tx) => emitEvent(tx, { userId: user.id, type: 'credit.received', data: { amount: 7 } }));
    // An event nobody wants is recorded, and given no webhook_events row when its fold finds nobody listening.
    const unwanted = await t.database.db.transaction((tx) => emitEvent(tx, { userId: user.id, type: 'ticket.replied', data: {} }));
    await t.app.derived.fold();
    expect(await rows(t, sql`select id from webhook_events where id = ${unwanted}`)).toEqual([]);

    const [got] = await r.waitFor(1);
    expect(got!.headers['webhook-id']).toBe(committed);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'credit.received', data: { account_id: user.id, amount: 7 } });
    await sleep(500);
    expect(r.received).toHaveLength(1);
    const events = await rows<{ n: number }>(t, sql`select count(*)::int as n from webhook_events e join webhook_deliveries d on d.event_id = e.id where d.endpoint_id = ${endpoint.id}`);
    expect(events[0]!.n).toBe(1);
  });

  it('turns an endpoint off after five days of failures and mails its owner in their language', async () => {
    const owner = await createVerifiedUser(t, { roleName: 'reseller' });
    await t.database.db.execute(sql`update users set locale = 'de' where id = ${owner.id}`);
    const r = await receiver((_req, res) => res.writeHead(500).end());
    const endpoint = await createEndpoint(t, owner.token, { url: r.url, description: 'Telegram bot' });
    await t.database.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = ${endpoint.id}`);
    await test(endpoint.id, owner.token);
    await r.waitFor(1);
    await eventually(async () => {
      const [row] = await rows<{ enabled: boolean; disabled_reason: string }>(t, sql`select enabled, disabled_reason from webhook_endpoints where id = ${endpoint.id}`);
      expect(row).toEqual({ enabled: false, disabled_reason: 'failing' });
    });
    const mail = await eventually(async () => {
      const m = t.mails().find((x) => x.to === owner.email && x.link === 'http://panel.test/profile/integrations');
      expect(m).toBeDefined();
      return m!;
    });
    const text = mail.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('Webhook-Endpunkt Telegram bot (127.0.0.1) ist seit 5 Tagen');
    // The host only: a URL's path may hold the receiver's own token.
    expect(text).not.toContain('/hook');
  });

  it('a success ends a failing streak', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, user.token, { url: r.url });
    await t.database.db.execute(sql`update webhook_endpoints set failing_since = now() - interval '1 day' where id = ${endpoint.id}`);
    await test(endpoint.id);
    await r.waitFor(1);
    await eventually(async () => {
      const [row] = await rows<{ failing_since: Date | null }>(t, sql`select failing_since from webhook_endpoints where id = ${endpoint.id}`);
      expect(row!.failing_since).toBeNull();
    });
  });

  it('deletes deliveries and attempts after 30 days, and the events left without deliveries', async () => {
    const r = await receiver();
    const endpoint = await createEndpoint(t, user.token, { url: r.url });
    const { event_id } = (await test(endpoint.id)).json<{ data: { event_id: string } }>().data;
    await r.waitFor(1);
    await eventually(async () => expect((await deliveriesOf(t, user.token, endpoint.id))[0]?.status).toBe('succeeded'));
    await t.database.db.execute(sql`update webhook_deliveries set created_at = now() - interval '31 days' where event_id = ${event_id}`);
    await t.database.db.execute(sql`update webhook_events set created_at = now() - interval '31 days' where id = ${event_id}`);
    const fresh = (await test(endpoint.id)).json<{ data: { event_id: string } }>().data.event_id;
    const removed = await cleanupWebhooks(t.database.db);
    expect(removed.deliveries).toBeGreaterThanOrEqual(1);
    expect(removed.events).toBeGreaterThanOrEqual(1);
    const left = await rows<{ id: string }>(t, sql`select id from webhook_events where id in (${event_id}, ${fresh})`);
    expect(left.map((e) => e.id)).toEqual([fresh]);
    const attempts = await rows<{ n: number }>(t, sql`select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.event_id = ${event_id}`);
    expect(attempts[0]!.n).toBe(0);
  });
});

describe('webhook deliveries of a node that stopped', () => {
  it('a claim whose node died is delivered by another node once its lease runs out', async () => {
    // No worker in this node: the test claims like a node that dies right after claiming.
    const t = await createTestApp({ env: WEBHOOK_TEST_ENV });
    const r = await startReceiver();
    try {
      const user = await createVerifiedUser(t, { roleName: 'reseller' });
      const endpoint = await createEndpoint(t, user.token, { url: r.url });
      const { event_id } = (await t.call({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, token: user.token })).json<{ data: { event_id: string } }>().data;
      const claimed = await claimDeliveries(t.database.db, 10, 500);
      expect(claimed.map((c) => c.eventId)).toEqual([event_id]);
      // Claimed: nobody else takes it while the lease lasts.
      expect(await claimDeliveries(t.database.db, 10, 500)).toEqual([]);

      const started = Date.now();
      const worker = startWebhookWorker(
        { db: t.database.db, database: t.database, mailer: t.app.deps.mailer, config: t.app.deps.config, log: t.app.log },
        { pollMs: 100, timeoutMs: 1000 },
      );
      try {
        const [got] = await r.waitFor(1);
        expect(got!.headers['webhook-id']).toBe(event_id);
        expect(Date.now() - started).toBeLessThan(5000);
        await worker.settled();
        const [row] = await rows<{ status: string; attempt_count: number }>(t, sql`select status, attempt_count from webhook_deliveries where event_id = ${event_id}`);
        expect(row).toEqual({ status: 'succeeded', attempt_count: 2 });
      } finally {
        await worker.stop();
      }
    } finally {
      await r.close();
      await t.close();
    }
  });
});
