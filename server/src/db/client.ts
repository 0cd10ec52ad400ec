import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { schema } from './schema.js';
import { preparingClient } from './pglite-prepared.js';
import { StatementNames } from './prepared-names.js';
import { checkSandboxSchema, prepareSandbox, SANDBOX_BEGIN, SandboxSchemaError } from './sandbox.js';
import { trackCommits } from './after-commit.js';
import { installFunctions } from './functions/install.js';

type Schema = typeof schema;
/** The same Drizzle API over PGlite and node-postgres: one code path for both databases. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A service takes either the database or a transaction already open. */
export type DbOrTx = Db | Tx;

/** Beside this file in the sources (src/db/migrations), beside the bundle once built (dist/migrations). */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');
/** The SQL functions and triggers as they are now (db/functions/install.ts), beside the migrations likewise. */
export const FUNCTIONS_FOLDER = path.resolve(import.meta.dirname, 'functions');

/**
 * The embedded database serves one panel process: small buffers keep its resident memory low,
 * and the operating system's file cache holds the data files anyway.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'work_mem = 4MB', 'wal_buffers = 1MB', 'max_connections = 10'];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The connection string that keeps its session (PostgreSQL): DATABASE_DIRECT_URL when set, else
   * DATABASE_URL. What pg_dump and the backup drill connect with.
   */
  url?: string;
  /**
   * Applies the committed migrations, then installs the SQL functions whose files changed
   * (db/functions/); several nodes starting at once serialise on an advisory lock.
   */
  migrate(): Promise<void>;
  /** Runs `fn` while holding the cluster-wide start-up lock (migrations and seeding). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * The sandbox's database (SANDBOX_ENABLED): the same schema seen through the sandbox's search
   * path, so its own tables shadow the live ones (db/sandbox.ts). Prepared on first use.
   */
  openSandbox(): Promise<Db>;
  ping(): Promise<void>;
  /**
   * The connection pools' figures (the metrics): `live`, and `sandbox` once opened. Empty on
   * PGlite, which has one connection and no pool: its statements queue inside PGlite.
   */
  poolStats(): PoolStats[];
  /**
   * The readiness probe's one statement: when the newest applied migration was written (its
   * journal `when`, as drizzle records it), or null when none is. Rejects with ProbeTimeout when
   * the database has not answered within `timeoutMs`.
   */
  newestMigrationAt(timeoutMs: number): Promise<number | null>;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` (sent at the commit of the transaction that
   * issued it): on PostgreSQL through a connection of its own, outside the pool, re-opened when
   * lost; on PGlite through its single connection. Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type PoolStats = { pool: 'live' | 'sandbox'; total: number; idle: number; waiting: number; max: number };

const STARTUP_LOCK_ID = 4_242_001;

/** Where drizzle's migrators record what they applied (their default schema and table). */
const NEWEST_MIGRATION_SQL = 'select max(created_at) as at from drizzle.__drizzle_migrations';

export class ProbeTimeout extends Error {
  constructor(ms: number) {
    super(`the database did not answer within ${ms} ms`);
  }
}

/** `promise`, or a ProbeTimeout after `ms`: the caller is answered even when the database never does. */
function withinMs<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(ms)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const migrationTime = (rows: { at: unknown }[]) => (rows[0]?.at == null ? null : Number(rows[0].at));

/** Written by the build beside the bundle (db/pglite-template.ts); absent when running from the sources. */
const PGLITE_TEMPLATE = path.resolve(import.meta.dirname, 'pglite-template.tar.gz');

export async function openPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    // A new data directory starts from the build's migrated template: unpacking it takes a
    // fraction of initdb's time in WebAssembly.
    if (!options.loadDataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION')) && fs.existsSync(PGLITE_TEMPLATE)) {
      options = { loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]) };
    }
  }
  // pg_trgm backs the keyword searches' indexes; PGlite needs its extensions named when it opens.
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, postgresqlconf: PGLITE_SETTINGS, extensions: { pg_trgm } });
  const db = trackCommits(drizzlePglite(preparingClient(client), { schema }) as unknown as Db);
  // One connection for both: each sandbox statement or transaction runs in a transaction of its
  // own that sets the search path first, and checks it took (PGlite runs one transaction at a time).
  const inSandbox = <T>(fn: (tx: Transaction) => Promise<T>) =>
    client.transaction(async (tx) => {
      const [, schema] = await tx.exec(SANDBOX_BEGIN);
      checkSandboxSchema(schema?.rows[0]?.schema);
      return fn(tx);
    });
  let sandbox: Promise<Db> | undefined;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await installFunctions(
        {
          query: async (text) => (await client.query<{ name: unknown; note: unknown }>(text)).rows,
          transaction: async (script) => {
            await client.transaction((tx) => tx.exec(script));
          },
        },
        FUNCTIONS_FOLDER,
      );
    },
    // PGlite is one process and one connection: there is nobody to race with.
    withStartupLock: (fn) => fn(),
    openSandbox: () =>
      (sandbox ??= prepareSandbox(db).then(
        () =>
          trackCommits(
            drizzlePglite({
              client: {
                query: (text: string, params: unknown[], options: QueryOptions) => inSandbox((tx) => tx.query(text, params, options)),
                transaction: inSandbox,
              } as unknown as PGlite,
              schema,
            }) as unknown as Db,
          ),
      )),
    ping: async () => {
      await client.query('select 1');
    },
    poolStats: () => [],
    // One connection: a long transaction ahead of the probe makes it wait, and that is "not answering" too.
    newestMigrationAt: async (timeoutMs) => migrationTime((await withinMs(timeoutMs, client.query<{ at: unknown }>(NEWEST_MIGRATION_SQL))).rows),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
    pglite: client,
  } as Database & { pglite: PGlite };
}

/**
 * The pool's connection. Named (PostgreSQL itself, or a pooler in session mode): it prepares each
 * parameterised statement once, under a name made of its text, so PostgreSQL parses it once per
 * connection and, after a few executions, reuses its plan, instead of parsing and planning every
 * list page again (planning a log page cost as much as running it: docs/decisions/0008-performance.md).
 * Texts are few (values are parameters), and a connection stops naming new ones past
 * PREPARED_PER_CONNECTION, so one-off statements cannot fill the server's memory.
 *
 * Unnamed (DATABASE_POOLER=transaction): the next transaction may run on another server
 * connection, and PgBouncer before 1.21 keeps no prepared statement from one to the next, so every
 * statement goes as the unnamed one (parse, bind and execute in one round trip), also those that
 * Drizzle's `.prepare(name)` names. This is the one place statement names reach the wire
 * (docs/decisions/0012-poolers.md).
 */
function poolClient(named: boolean) {
  return class PoolClient extends pg.Client {
    private readonly names = new StatementNames();

    override query(...args: unknown[]): never {
      const [config, values] = args as [{ text?: unknown; name?: unknown } | undefined, unknown];
      if (config && typeof config === 'object' && typeof config.text === 'string') {
        if (!named) {
          if (config.name !== undefined) args[0] = { ...config, name: undefined };
        } else if (config.name === undefined && Array.isArray(values) && values.length > 0) {
          const name = this.names.of(config.text);
          if (name !== undefined) args[0] = { ...config, name };
        }
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

/**
 * A sandbox connection: every transaction it begins sets the sandbox's search path for itself
 * (`set local`, so nothing outlives it on a pooled server connection) and checks that it took
 * before any statement runs (db/sandbox.ts). Whatever search path the session was left with, by
 * a pooler or by anyone, a sandbox statement writes the sandbox's tables or fails.
 */
function sandboxClient(named: boolean) {
  return class SandboxClient extends poolClient(named) {
    override query(...args: unknown[]): never {
      const [config, values, callback] = args as [string | { text?: unknown } | undefined, unknown[] | undefined, unknown];
      const text = typeof config === 'string' ? config : config?.text;
      if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || values?.length || callback) return super.query(...args);
      const begin = async () => {
        const results = await (super.query(`${text}; ${SANDBOX_BEGIN}`) as unknown as Promise<pg.QueryResult<{ schema: unknown }>[]>);
        try {
          checkSandboxSchema(results.at(-1)?.rows[0]?.schema);
        } catch (error) {
          // Drizzle releases no connection whose begin failed: this one goes, with its session.
          await (super.query('rollback') as unknown as Promise<unknown>).catch(() => undefined);
          (this as unknown as pg.PoolClient).release(error as Error);
          throw error;
        }
        return results[0];
      };
      return begin() as never;
    }
  };
}

/**
 * The sandbox's pool: a statement sent outside a transaction runs in one of its own, which the
 * sandbox connection begins with the sandbox's search path.
 */
class SandboxPool extends pg.Pool {
  override query(...args: unknown[]): never {
    const [config, values] = args as [pg.QueryConfig | string, unknown[] | undefined];
    const run = async () => {
      const client = await this.connect();
      let result: pg.QueryResult;
      try {
        await client.query('begin');
      } catch (error) {
        // The sandbox connection released (and dropped) itself when its check failed.
        if (error instanceof SandboxSchemaError) throw error;
        client.release(error as Error);
        throw error;
      }
      try {
        result = await client.query(config as pg.QueryConfig, values);
        await client.query('commit');
      } catch (error) {
        const lost = await client.query('rollback').then(
          () => undefined,
          (e: unknown) => e as Error,
        );
        client.release(lost);
        throw error;
      }
      client.release();
      return result;
    };
    return run() as never;
  }
}

export type PostgresConnection = {
  /** `transaction`: `url` is a pooler in transaction mode (DATABASE_POOLER): no statement is named. */
  pooler?: 'session' | 'transaction';
  /** A connection that keeps its session (DATABASE_DIRECT_URL): migrations, the start-up lock, LISTEN, pg_dump. Default `url`. */
  directUrl?: string;
};

/**
 * The planner settings the panel's statements are tuned for, set on the database (or, when the
 * panel's role does not own it, on the role in this database) after the migrations, so each new
 * connection starts with them: nothing rides on the connection's start-up packet, which PgBouncer
 * refuses (`unsupported startup parameter: options`). The searches rely on trigram and keyset
 * indexes; with PostgreSQL's default page costs (tuned for spinning disks) the planner prefers
 * sequential scans of 100,000 accounts.
 */
const PLANNER_SETTINGS = `
do $settings$
begin
  if not exists (
    select 1 from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
    where d.datname = current_database() and s.setrole in (0, (select oid from pg_roles where rolname = current_user))
      and 'random_page_cost=1.1' = any (s.setconfig)) then
    begin
      execute format('alter database %I set random_page_cost = 1.1', current_database());
    exception when insufficient_privilege then
      execute format('alter role %I in database %I set random_page_cost = 1.1', current_user, current_database());
    end;
  end if;
end
$settings$`;

export async function openPostgres(url: string, poolSize = 20, connection: PostgresConnection = {}): Promise<Database> {
  const pooled = connection.pooler === 'transaction';
  if (pooled && !connection.directUrl) throw new Error('DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL, a direct (session) connection to the same database');
  // What needs its session (a lock held across transactions, LISTEN, pg_dump) connects here.
  const sessionUrl = connection.directUrl ?? url;
  const sessionClient = async () => {
    const client = new pg.Client({ connectionString: sessionUrl });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: poolClient(!pooled) });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const db = trackCommits(drizzlePg(pool, { schema }) as unknown as Db);
  let sandbox: { pool: pg.Pool; db: Promise<Db> } | undefined;
  const listeners = new Set<() => Promise<void>>();
  const database: Database = {
    db,
    kind: 'postgres',
    url: sessionUrl,
    async migrate() {
      // On a session of its own: a transaction-mode pooler would carry no session, and every
      // connection the pool opens afterwards starts with the planner settings.
      const client = await sessionClient();
      try {
        await migratePg(drizzlePg(client) as never, { migrationsFolder: MIGRATIONS_FOLDER });
        // The functions as they are now, on the same session as the migrations they follow.
        await installFunctions(
          {
            query: async (text) => (await client.query<{ name: unknown; note: unknown }>(text)).rows,
            transaction: async (script) => {
              await client.query('begin');
              try {
                await client.query(script);
                await client.query('commit');
              } catch (error) {
                await client.query('rollback').catch(() => undefined);
                throw error;
              }
            },
          },
          FUNCTIONS_FOLDER,
        );
        await client.query(PLANNER_SETTINGS);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    openSandbox() {
      if (!sandbox) {
        // Its own connections; each transaction on them chooses the sandbox inside itself.
        const sandboxPool = new SandboxPool({ connectionString: url, max: Math.max(2, Math.ceil(poolSize / 4)), Client: sandboxClient(!pooled) });
        sandboxPool.on('error', () => undefined);
        sandbox = {
          pool: sandboxPool,
          db: database.withStartupLock(() => prepareSandbox(db)).then(() => trackCommits(drizzlePg(sandboxPool, { schema }) as unknown as Db)),
        };
      }
      return sandbox.db;
    },
    async withStartupLock(fn) {
      // A session lock on a session of its own; closing that session releases it, whatever happened.
      const client = await sessionClient();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await fn();
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => {
      const stats = (name: PoolStats['pool'], p: pg.Pool): PoolStats => ({ pool: name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount, max: p.options.max ?? 10 });
      return sandbox ? [stats('live', pool), stats('sandbox', sandbox.pool)] : [stats('live', pool)];
    },
    // query_timeout makes pg give the connection up (the pool then drops it) rather than leave it
    // waiting on a server that may never answer; the race also bounds waiting for a connection.
    newestMigrationAt: async (timeoutMs) =>
      migrationTime((await withinMs(timeoutMs, pool.query<{ at: unknown }>({ text: NEWEST_MIGRATION_SQL, query_timeout: timeoutMs } as pg.QueryConfig))).rows),
    // On the session URL: through a transaction-mode pooler a LISTEN would end with its transaction.
    listen: (channel, onNotify) => listenPostgres(sessionUrl, channel, onNotify, listeners),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await sandbox?.pool.end();
      await pool.end();
    },
  };
  return database;
}

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool). A lost connection
 * is opened again after a pause; notifications sent meanwhile are missed, so a listener must also
 * look on its own from time to time (the webhook worker polls).
 */
async function listenPostgres(url: string, channel: string, onNotify: () => void, listeners: Set<() => Promise<void>>) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const reopen = () => {
    if (stopped) return;
    retry = setTimeout(() => void open().catch(reopen), 1000);
    retry.unref();
  };
  const open = async () => {
    const c = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== c || stopped) return;
      client = undefined;
      void c.end().catch(() => undefined);
      reopen();
    };
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await c.end();
      return;
    }
    client = c;
    // (Re)connected: something may have been sent before.
    onNotify();
  };
  await open();
  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    listeners.delete(stop);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
  listeners.add(stop);
  return stop;
}

/**
 * `create(db)` made once per database (or transaction, sandbox) handle and kept for it (prepared
 * statements, batched look-ups): a process can hold several databases (tests, the bench), each with its own.
 */
export function perDatabase<T, D extends DbOrTx = Db>(create: (db: D) => T): (db: D) => T {
  const made = new WeakMap<D, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = create(db)));
    return value;
  };
}
