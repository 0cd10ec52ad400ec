import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, type BackupRecord } from '@panel/contract';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { adminToken, createReseller, createRole, expectError, rows, signedUpReseller, type TestUser } from '../../../test/fixtures.js';
import { eventually } from '../../../test/webhooks.js';

type State = { running: { started_at: string } | null; unavailable: string | null; backups: BackupRecord[] };

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The sandbox is on, to show that it has no backups call.
  t = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
  admin = await adminToken(t);
});
afterAll(() => t.close());

const list = (token: string, prefix = '/api') => t.call({ method: 'GET', url: `${prefix}/backups`, token });
const start = (token: string, prefix = '/api') => t.call({ method: 'POST', url: `${prefix}/backups`, token });

async function stateOf(token: string): Promise<State> {
  const res = await list(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: State }>().data;
}

/** A reseller with its legacy API key, then moved to a role holding `permissions`: what its key may do is that role's. */
async function keyHolder(permissions: Parameters<typeof createRole>[1]): Promise<TestUser & { legacyKey: string }> {
  const r = await createReseller(t);
  expect((await t.call({ method: 'POST', url: `/api/resellers/${r.id}/enable-api-access`, token: admin })).statusCode).toBe(200);
  const legacyKey = (await t.call({ method: 'GET', url: `/api/resellers/${r.id}/get-api-key`, token: admin })).json<{ data: { api_key: string } }>().data.api_key;
  const roleId = await createRole(t, permissions);
  await t.database.db.execute(sql`update users set role_id = ${roleId} where id = ${r.id}`);
  return { ...r, roleId, legacyKey };
}

describe('GET and POST /api/backups', () => {
  it('lists nothing at first, then takes a backup on demand (202), refuses a second while it runs (409), and lists it verified', async () => {
    const before = await stateOf(admin);
    expect(before).toMatchObject({ running: null, unavailable: null });
    const kept = before.backups.length;

    const res = await start(admin);
    expect(res.statusCode, res.body).toBe(202);
    const { data, msg } = res.json<{ data: { started_at: string }; msg: string }>();
    expect(msg).toBe(translate('en', 'success.backupStarted'));
    expect(Date.parse(data.started_at)).not.toBeNaN();
    expectError(await start(admin), 409, 'BACKUP_RUNNING');
    expect((await stateOf(admin)).running).toEqual({ started_at: data.started_at });

    const done = await eventually(async () => {
      const state = await stateOf(admin);
      expect(state.running).toBeNull();
      expect(state.backups).toHaveLength(kept + 1);
      expect(state.backups[0]!.drill).not.toBeNull();
      return state;
    }, 120_000);
    const [backup] = done.backups;
    expect(backup!.drill).toMatchObject({ status: 'passed', problems: [] });
    expect(backup!.file).not.toContain('/');
    expect(backup!.size).toBeGreaterThan(0);
    expect(backup!.engine).toBe(t.database.kind);
  }, 180_000);

  it('leaves an audit row of who asked, without details', async () => {
    const audit = await rows<{ actor_id: number | null; target_type: string; details: unknown }>(
      t,
      sql`select actor_id, target_type, details from audit_log where action = 'backup.requested' order by id`,
    );
    expect(audit.length).toBeGreaterThan(0);
    const [me] = await rows<{ id: number }>(t, sql`select min(id) as id from users`);
    expect(audit[0]).toMatchObject({ actor_id: me!.id, target_type: 'backup', details: null });
  });

  it('refuses a reseller (403 FORBIDDEN): the permission is the admin role’s only', async () => {
    const r = await signedUpReseller(t);
    expectError(await list(r.token), 403, 'FORBIDDEN');
    expectError(await start(r.token), 403, 'FORBIDDEN');
    const [granted] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from role_permissions rp join permissions p on p.id = rp.permission_id join roles r on r.id = rp.role_id
          where p.name = 'backups' and r.id <> (select min(id) from roles)`,
    );
    expect(granted!.n).toBe(0);
  });

  it('answers an API key 403, even one whose account holds the permission: the legacy key SESSION_REQUIRED, a scoped key API_KEY_SCOPE', async () => {
    const holder = await keyHolder(['backups', 'api-keys']);
    expectError(await list(holder.legacyKey), 403, 'SESSION_REQUIRED', translate('en', 'errors.backupsSessionRequired'));
    expectError(await start(holder.legacyKey), 403, 'SESSION_REQUIRED');
    const created = await t.call({ method: 'POST', url: '/api/api-keys', token: holder.token, payload: { name: 'reader', scopes: ['read', 'activate', 'credit', 'webhooks'] } });
    expect(created.statusCode, created.body).toBe(201);
    const scoped = created.json<{ data: { key: string } }>().data.key;
    expectError(await list(scoped), 403, 'API_KEY_SCOPE');
    expectError(await start(scoped), 403, 'API_KEY_SCOPE');
    // The session of the same account passes.
    expect((await list(holder.token)).statusCode).toBe(200);
  });

  it('is not served under /api/sandbox', async () => {
    expectError(await list(admin, '/api/sandbox'), 404, 'ROUTE_NOT_FOUND');
    expectError(await start(admin, '/api/sandbox'), 404, 'ROUTE_NOT_FOUND');
  });

  it('is in the OpenAPI document once, with its answers, and offers no download', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    expect(Object.keys(doc.paths['/api/backups']!).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/backups']!.get!.responses['200']).toBeDefined();
    expect(doc.paths['/api/backups']!.post!.responses['202']).toBeDefined();
    expect(Object.keys(doc.paths).filter((p) => p.includes('backup'))).toEqual(['/api/backups']);
  });
});
