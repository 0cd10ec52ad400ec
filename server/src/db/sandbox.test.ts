import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { applicationIds, rows } from '../../test/fixtures.js';
import { deviceSecret, uniqueMac } from '../../test/devices.js';
import type { Db, DbOrTx } from './client.js';
import { SandboxSchemaError } from './sandbox.js';

/**
 * The sandbox is chosen inside each transaction (`set local search_path`, then a check of
 * `current_schema()`), never by the connection's session: a pooler in transaction mode hands a
 * server connection to whoever comes next with whatever its session was left with.
 */
describe('a sandbox write', () => {
  let t: TestApp;
  let sandboxDb: Db;
  let app: number;

  const register = (mac: string) =>
    t.call({ method: 'POST', url: '/api/sandbox/player/register', payload: { app_id: app, mac_address: mac, device_secret: deviceSecret() } });
  const devices = async (mac: string) => {
    const [counts] = await rows<{ live: number; sandbox: number }>(
      t,
      sql`select (select count(*)::int from public.devices where mac_address = ${mac.toLowerCase()}) as live,
                 (select count(*)::int from sandbox.devices where mac_address = ${mac.toLowerCase()}) as sandbox`,
    );
    return counts;
  };
  const keys = async (key: string) => {
    const [counts] = await rows<{ live: number; sandbox: number }>(
      t,
      sql`select (select count(*)::int from public.idempotent_requests where key = ${key}) as live,
                 (select count(*)::int from sandbox.idempotent_requests where key = ${key}) as sandbox`,
    );
    return counts;
  };
  /** Refused by the guard (Drizzle wraps what a statement threw in its own error). */
  const expectGuarded = async (write: Promise<unknown>) => {
    const error = await write.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error instanceof SandboxSchemaError || error?.cause instanceof SandboxSchemaError, String(error)).toBe(true);
  };
  const insertKey = (db: DbOrTx, key: string) => db.execute(sql`insert into idempotent_requests (key, status_code, response) values (${key}, 200, '{}')`);

  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_ENABLED: 'true' } });
    sandboxDb = t.app.deps.sandboxDb!;
    app = (await applicationIds(t))[0]!;
  });
  afterAll(() => t.close());

  it('lands in the sandbox when the connection was left with the live search path', async () => {
    // A session-level setting on every connection of the sandbox's pool (more statements at once
    // than it has connections), as a pooler may hand over a server connection someone else set.
    await Promise.all(Array.from({ length: 12 }, () => sandboxDb.execute(sql`select set_config('search_path', 'public', false)`)));
    const mac = uniqueMac();
    const res = await register(mac);
    expect(res.statusCode, res.body).toBe(200);
    expect(await devices(mac)).toEqual({ live: 0, sandbox: 1 });

    const one = `one-${crypto.randomUUID()}`;
    await insertKey(sandboxDb, one);
    const inTransaction = `tx-${crypto.randomUUID()}`;
    await sandboxDb.transaction(async (tx) => {
      await insertKey(tx, inTransaction);
    });
    expect(await keys(one)).toEqual({ live: 0, sandbox: 1 });
    expect(await keys(inTransaction)).toEqual({ live: 0, sandbox: 1 });
  });

  it('fails before writing when its transaction finds itself on the live schema', async () => {
    // Without its schema the sandbox's search path leaves `public` first: the guard must stop it.
    await t.database.db.execute(sql`alter schema sandbox rename to sandbox_aside`);
    const mac = uniqueMac();
    const one = `one-${crypto.randomUUID()}`;
    const inTransaction = `tx-${crypto.randomUUID()}`;
    try {
      const res = await register(mac);
      expect(res.statusCode, res.body).toBe(500);
      await expectGuarded(insertKey(sandboxDb, one));
      await expectGuarded(sandboxDb.transaction((tx) => insertKey(tx, inTransaction)));
    } finally {
      await t.database.db.execute(sql`alter schema sandbox_aside rename to sandbox`);
    }
    expect(await devices(mac)).toEqual({ live: 0, sandbox: 0 });
    expect(await keys(one)).toEqual({ live: 0, sandbox: 0 });
    expect(await keys(inTransaction)).toEqual({ live: 0, sandbox: 0 });
    // Back in place, the sandbox works again on the connections that remain.
    const again = uniqueMac();
    expect((await register(again)).statusCode).toBe(200);
    expect(await devices(again)).toEqual({ live: 0, sandbox: 1 });
  });
});
