import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVATION_REPORT_COLUMNS } from '@panel/contract';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../../test/harness.js';
import { applicationIds, createReseller, createVerifiedUser, expectError, rows } from '../../../test/fixtures.js';
import { registerDevice, uniqueMac } from '../../../test/devices.js';
import { fundedAdmin, recharge, reseller, subReseller } from '../../../test/credit.js';
import { csvCell } from '../../lib/csv.js';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await fundedAdmin(t, 100_000);
  const [row] = await rows<{ id: number }>(t, sql`select id from users where email = ${ADMIN_EMAIL}`);
  adminId = row!.id;
});
afterAll(() => t.close());

describe('POST /api/activation-report-download-reseller-list', () => {
  const download = (token: string, resellerId: number, moduleType?: number | string | null) =>
    t.call({ method: 'POST', url: '/api/activation-report-download-reseller-list', token, payload: { reseller_id: resellerId, moduleType } });
  const header = `${ACTIVATION_REPORT_COLUMNS.map((c) => `"${c}"`).join(',')}\r\n`;

  /** A reseller allowed the first two applications, holding 10 credits, that activated one MAC in both. */
  async function activator() {
    const apps = await applicationIds(t);
    const r = await createReseller(t, { applications: apps.slice(0, 2) });
    expect((await recharge(t, admin, { email: r.email, points: 10 })).statusCode).toBe(200);
    const mac = uniqueMac();
    for (const appId of apps.slice(0, 2)) await registerDevice(t, { appId, mac });
    const res = await t.call({
      method: 'POST',
      url: '/api/bulk-multi-app-activate',
      token: r.token,
      payload: { requestData: { is_trial: 3, macAddress: mac, isConfirmed: true, comment: '=HYPERLINK("x")', app_ids: apps.slice(0, 2) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = await rows<{ id: number; app_name: string }>(t, sql`select id, app_name from applications where id in (${apps[0]!}, ${apps[1]!}) order by id`);
    return { r, mac, apps: apps.slice(0, 2), names: names.map((n) => n.app_name) };
  }

  it("streams the reseller's activation rows as CSV, oldest first, formulas neutralised", async () => {
    const { r, mac, names } = await activator();
    const res = await download(admin, r.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="activations-reseller-${r.id}.csv"`);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(`${lines[0]}\r\n`).toBe(header);
    expect(lines).toHaveLength(3);
    const saved = await rows<{ id: number; box_expiry_date: string | Date; created_at: string | Date; credit_point: number }>(
      t,
      sql`select id, box_expiry_date, created_at, credit_point from activations where reseller_id = ${r.id} order by id`,
    );
    saved.forEach((row, i) => {
      expect(lines[i + 1]).toBe(
        [row.id, names[i], mac, r.email, new Date(row.box_expiry_date).toISOString(), row.credit_point, '=HYPERLINK("x")', 'multi-app', new Date(row.created_at).toISOString()]
          .map((v) => csvCell(v as string | number))
          .join(','),
      );
    });
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    // The reseller downloads its own report too.
    expect((await download(r.token, r.id)).statusCode).toBe(200);
  });

  it('keeps one module when moduleType names it by id (number or digits) or by name', async () => {
    const { r, apps, names } = await activator();
    for (const moduleType of [apps[1]!, String(apps[1]), names[1]!.toLowerCase()]) {
      const lines = (await download(admin, r.id, moduleType)).body.split('\r\n').filter(Boolean);
      expect(lines, String(moduleType)).toHaveLength(2);
      expect(lines[1]).toContain(`"${names[1]}"`);
    }
    expect((await download(admin, r.id, '')).body.split('\r\n').filter(Boolean)).toHaveLength(3);
    expectError(await download(admin, r.id, 'NO-SUCH-MODULE'), 400, 'C10012', 'No records found for this reseller.');
  });

  it('answers C10012 as JSON while the reseller has no activations', async () => {
    const r = await reseller(t);
    const res = await download(admin, r.id);
    expectError(res, 400, 'C10012', 'No records found for this reseller.');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it("refuses another reseller's sub-reseller with C10013 as JSON, and a caller without the permission", async () => {
    const owner = await reseller(t);
    const stranger = await subReseller(t, await reseller(t));
    const res = await download(owner.token, stranger.id);
    expectError(res, 403, 'C10013');
    const plain = await createVerifiedUser(t, { permissions: ['reseller-list'] });
    expectError(await download(plain.token, stranger.id), 403, 'FORBIDDEN');
  });

  it('refuses a body without a reseller id or with a module name too long', async () => {
    expect(Object.keys(expectError(await t.call({ method: 'POST', url: '/api/activation-report-download-reseller-list', token: admin, payload: {} }), 422, 'VALIDATION').errors as object)).toEqual(['reseller_id']);
    expect(Object.keys(expectError(await download(admin, adminId, 'x'.repeat(101)), 422, 'VALIDATION').errors as object)).toEqual(['moduleType']);
  });
});
