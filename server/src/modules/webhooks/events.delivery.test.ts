import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, rows } from '../../../test/fixtures.js';
import { fundedAdmin, recharge } from '../../../test/credit.js';
import { activateDevice, registerDevice, uniqueMac } from '../../../test/devices.js';
import { createEndpoint, startReceiver, WEBHOOK_TEST_ENV, type Receiver } from '../../../test/webhooks.js';

/**
 * The whole path of issue 25, business call to receiver: what a reseller does commits its event
 * with it, the node's worker signs and sends it, and a bot verifying with the Standard Webhooks
 * library reads the right data. (events.routes.test.ts checks each event's data in the outbox.)
 */
let t: TestApp;
let admin: string;
let apps: number[];
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestApp({ env: { ...WEBHOOK_TEST_ENV, SANDBOX_ENABLED: 'true' }, webhooks: true });
  admin = await fundedAdmin(t, 1_000_000);
  apps = (await applicationIds(t)).slice(0, 1);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

type Verified = { type: string; timestamp: string; data: Record<string, unknown> };

/** The events that reached the receiver for `accountId`, verified with the endpoint's secret (another test's endpoint signs with its own). */
function verifiedFor(secret: string, accountId: number) {
  const verifier = new Webhook(secret);
  const verified = (r: Receiver['received'][number]): Verified[] => {
    try {
      return [verifier.verify(r.body, r.headers as Record<string, string>) as Verified];
    } catch {
      return [];
    }
  };
  return receiver.received.flatMap(verified).filter((e) => e.data.account_id === accountId);
}

async function arrived(secret: string, accountId: number, type: string) {
  for (let waited = 0; waited < 15_000; waited += 50) {
    const found = verifiedFor(secret, accountId).filter((e) => e.type === type);
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${type} for account ${accountId}`);
}

describe('business events delivered to a real receiver', () => {
  it('a credit share, an activation, a sandbox-checkout payment and a code redeem each deliver one signed event with their data', async () => {
    const r = await createReseller(t, { applications: apps });
    const endpoint = await createEndpoint(t, r.token, {
      url: receiver.url,
      events: ['credit.received', 'activation.succeeded', 'payment.completed', 'code.redeemed'],
    });

    // Credit share: the admin sends 20 points.
    expect((await recharge(t, admin, { email: r.email, points: 20 })).statusCode).toBe(200);
    const [received] = await arrived(endpoint.secret, r.id, 'credit.received');
    expect(received!.data).toMatchObject({ amount: 20, balance_after: 20, counterparty: { email: expect.any(String) } });

    // Activation of one app for a year.
    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    const activation = await activateDevice(t, r, mac, apps);
    const [activated] = await arrived(endpoint.secret, r.id, 'activation.succeeded');
    expect(activated!.data).toMatchObject({ device: { mac_address: mac }, package: '1-Year', cost: activation.credit_points, balance_after: activation.credit_point });

    // A plan bought through the built-in checkout.
    const plan = (await t.call({ method: 'POST', url: '/api/add-payment-plans', token: admin, payload: { title: 'Bot plan', price: '5', description: 'x', credit_points: 30 } })).json<{ data: { id: number } }>().data;
    const orderId = (await t.call({ method: 'POST', url: '/api/purchase-package', token: r.token, payload: { payment_plan_id: plan.id } })).json<{ data: { orderId: string } }>().data.orderId;
    expect((await t.call({ method: 'POST', url: `/api/payments/sandbox/${orderId}`, token: r.token, payload: { outcome: 'paid' } })).statusCode).toBe(200);
    const [paid] = await arrived(endpoint.secret, r.id, 'payment.completed');
    expect(paid!.data).toMatchObject({ order: { order_id: orderId, status: 'completed' }, plan: { id: plan.id, name: 'Bot plan' }, points: 30 });

    // A code bought and redeemed by a player.
    const code = (await t.call({ method: 'POST', url: '/api/sendingcode', token: r.token, payload: { subscriptionType: 'yearly', codeCount: 1 } })).json<{ data: { id: number; value: string }[] }>().data[0]!;
    const codeMac = uniqueMac();
    expect((await t.call({ method: 'POST', url: '/api/player/redeem-code', payload: { code: code.value, mac_address: codeMac, app_id: apps[0] } })).statusCode).toBe(200);
    const [redeemed] = await arrived(endpoint.secret, r.id, 'code.redeemed');
    expect(redeemed!.data).toMatchObject({ code: { id: code.id, last4: code.value.slice(-4) }, device: { mac_address: codeMac } });
    expect(JSON.stringify(redeemed)).not.toContain(code.value);

    // One delivery each: nothing else reached the receiver for this account.
    await new Promise((r) => setTimeout(r, 500));
    expect(verifiedFor(endpoint.secret, r.id).map((e) => e.type).sort()).toEqual(['activation.succeeded', 'code.redeemed', 'credit.received', 'payment.completed']);
  });

  it('an undone activation and a deleted code (refunded, and redeemed so not) each deliver one signed event, with no code value', async () => {
    const r = await createReseller(t, { applications: apps });
    const endpoint = await createEndpoint(t, r.token, { url: receiver.url, events: ['activation.undone', 'code.deleted'] });
    expect((await recharge(t, admin, { email: r.email, points: 10 })).statusCode).toBe(200);

    const mac = uniqueMac();
    await registerDevice(t, { appId: apps[0]!, mac });
    const [device] = await rows<{ id: number }>(t, sql`select id::int as id from devices where mac_address = ${mac}`);
    const activation = await activateDevice(t, r, mac, apps, 'Lifetime');
    const activationId = activation.activated_devices[0]!.activation_id!;
    const undone = await t.call({ method: 'POST', url: `/api/activations/${activationId}/undo`, token: r.token });
    expect(undone.statusCode, undone.body).toBe(200);
    const [told] = await arrived(endpoint.secret, r.id, 'activation.undone');
    expect(told!.data).toEqual({
      account_id: r.id,
      activation_id: activationId,
      device: { id: device!.id, mac_address: mac },
      app: { id: apps[0], name: expect.any(String) },
      package: 'Lifetime',
      refunded_points: 2,
      balance_after: 10,
      ledger_id: undone.json<{ data: { refund_ledger_id: number } }>().data.refund_ledger_id,
    });

    const [fresh, used] = (await t.call({ method: 'POST', url: '/api/sendingcode', token: r.token, payload: { subscriptionType: 'yearly', codeCount: 2 } })).json<{
      data: { id: number; value: string }[];
    }>().data;
    expect((await t.call({ method: 'POST', url: '/api/player/redeem-code', payload: { code: used!.value, mac_address: uniqueMac(), app_id: apps[0] } })).statusCode).toBe(200);
    for (const code of [fresh!, used!]) expect((await t.call({ method: 'POST', url: '/api/delete-code', token: r.token, payload: { value: code.value } })).statusCode).toBe(200);
    for (let waited = 0; waited < 15_000 && verifiedFor(endpoint.secret, r.id).length < 3; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const deleted = verifiedFor(endpoint.secret, r.id).filter((e) => e.type === 'code.deleted');
    expect(deleted.map((e) => e.data).sort((a, b) => (a.refunded_points as number) - (b.refunded_points as number))).toEqual([
      { account_id: r.id, code: { id: used!.id, last4: used!.value.slice(-4), type: 'yearly' }, refunded_points: 0 },
      { account_id: r.id, code: { id: fresh!.id, last4: fresh!.value.slice(-4), type: 'yearly' }, refunded_points: 1 },
    ]);
    for (const code of [fresh!, used!]) expect(JSON.stringify(receiver.received.map((e) => e.body))).not.toContain(code.value);

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(verifiedFor(endpoint.secret, r.id).map((e) => e.type).sort()).toEqual(['activation.undone', 'code.deleted', 'code.deleted']);
  });
});
