import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, rows, type TestUser } from '../../../test/fixtures.js';
import { balanceOf, expectLedgerInvariant, fundedAdmin, recharge } from '../../../test/credit.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';

/**
 * Undo under real concurrency: parallel requests through real HTTP against PostgreSQL (PGlite
 * runs one transaction at a time, so it cannot show a race).
 */
describe.skipIf(!onPostgres)('undo of an activation under concurrent requests (PostgreSQL, real HTTP)', () => {
  let t: TestApp;
  let admin: string;
  let base: string;
  let app: number;
  let reseller: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await fundedAdmin(t, 10_000);
    app = (await applicationIds(t))[0]!;
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    reseller = await createReseller(t, { applications: [app] });
    expect((await recharge(t, admin, { email: reseller.email, points: 1000 })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const json = body === undefined ? {} : { 'content-type': 'application/json' };
    const res = await fetch(`${base}/api${path}`, { method: 'POST', headers: { ...json, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const undo = (id: number, headers: Record<string, string> = {}) => post(`/activations/${id}/undo`, undefined, { authorization: `Bearer ${reseller.token}`, ...headers });

  /** A registered device activated by the reseller: its MAC, key and activation row. */
  async function activatedDevice() {
    const mac = uniqueMac();
    const device = await registerDevice(t, { appId: app, mac });
    const res = await post('/bulk-multi-app-activate', { requestData: { is_trial: 3, macAddress: mac, isConfirmed: true, app_ids: [app] } }, { authorization: `Bearer ${reseller.token}` });
    expect(res.status).toBe(200);
    const id = (res.body.activated_devices as { activation_id: number }[])[0]!.activation_id;
    return { mac, key: device.device_key, id, trialExpiry: device.expire_date };
  }

  it('refunds once for ten undos of one activation sent at once (with and without a shared request-id)', async () => {
    for (const shared of [false, true]) {
      const before = await balanceOf(t, reseller.id);
      const { id } = await activatedDevice();
      const results = await Promise.all(Array.from({ length: 10 }, () => undo(id, shared ? { 'request-id': `ten-${id}` } : {})));
      const ok = results.filter((r) => r.status === 200);
      if (shared) {
        expect(ok).toHaveLength(10);
        for (const r of ok) expect(r.body).toEqual(ok[0]!.body);
      } else {
        expect(ok).toHaveLength(1);
        for (const r of results.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 409, body: { code: 'UNDO_ALREADY_DONE' } });
      }
      expect(await balanceOf(t, reseller.id)).toBe(before);
      const [refunds] = await rows<{ n: number }>(t, sql`select count(*)::int as n from credit_ledger where tr_type = 'Refund' and id = (select refund_ledger_id from activations where id = ${id})`);
      expect(refunds!.n).toBe(1);
    }
    const [all] = await rows<{ n: number; refunded: number }>(
      t,
      sql`select (select count(*)::int from credit_ledger where tr_type = 'Refund' and creditor_id = ${reseller.id}) as n,
        (select count(*)::int from activations where reseller_id = ${reseller.id} and refunded_at is not null) as refunded`,
    );
    expect(all!.n).toBe(all!.refunded);
    await expectLedgerInvariant(t);
  });

  it('an undo racing the first status call either refunds and the call sees the old state, or the call wins and the undo is refused', async () => {
    let undone = 0;
    let refused = 0;
    for (let round = 0; round < 40; round++) {
      const { mac, key, id, trialExpiry } = await activatedDevice();
      const before = await balanceOf(t, reseller.id);
      // Several status calls as a player's start may send them, with the undo among them.
      const [undoRes, ...statuses] = await Promise.all([
        undo(id),
        post('/player/status', { app_id: app, mac_address: mac, device_key: key }),
        post('/player/status', { app_id: app, mac_address: mac, device_key: key }),
      ]);
      const seen = statuses.map((s) => {
        expect(s.status).toBe(200);
        return s.body.data as { is_trial: number; expire_date: string };
      });
      if (undoRes.status === 200) {
        undone++;
        // The undo won: no status call saw the activation.
        for (const s of seen) {
          expect(s.is_trial).toBe(1);
          expect(s.expire_date).toBe(trialExpiry);
        }
        expect(await balanceOf(t, reseller.id)).toBe(before + 1);
      } else {
        refused++;
        expect(undoRes).toMatchObject({ status: 409, body: { code: 'UNDO_DEVICE_CHECKED_IN' } });
        expect(await balanceOf(t, reseller.id)).toBe(before);
        // A status call saw the activation; the device keeps it.
        expect(seen.some((s) => s.is_trial === 0)).toBe(true);
        const [row] = await rows<{ is_trial: number; refunded: boolean }>(
          t,
          sql`select d.is_trial, a.refunded_at is not null as refunded from activations a join devices d on d.id = a.device_id where a.id = ${id}`,
        );
        expect(row).toEqual({ is_trial: 0, refunded: false });
      }
    }
    expect(undone + refused).toBe(40);
    console.info(`undo vs status: ${undone} undone, ${refused} refused`);
    await expectLedgerInvariant(t);
  });
});
