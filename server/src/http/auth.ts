import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, localeFromHeader, type ApiKeyScope, type TwoFactorRequirer } from '@panel/contract';
import { perDatabase, type Db } from '../db/client.js';
import { adminRole } from '../db/roles.js';
import { apiKeys, passkeys, permissions, rolePermissions, roles, sessions, settings, totpFactors, users } from '../db/schema.js';
import { TWO_FACTOR_REQUIRED_ADMINS, TWO_FACTOR_REQUIRED_RESELLERS } from '../db/settings-keys.js';
import { roundBatch } from '../lib/round-batch.js';
import { sha256 } from '../lib/secrets.js';
import { AppError } from './app-error.js';
import { scopeNeeded } from './api-key-scopes.js';
import type { Auth } from './context.js';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * A role's permission names by role id and version. Every request reads the role's current
 * version from the database, so a change made on any API node is seen at once on every node;
 * only the list itself is kept, and only while its version is current.
 */
const rolePermissionCache = new WeakMap<Db, Map<number, { version: number; names: ReadonlySet<string> }>>();

/** The role's permission names when the cached list is of its current version (the usual case: no promise, no statement). */
function cachedPermissions(db: Db, roleId: number, version: number): ReadonlySet<string> | undefined {
  const cached = rolePermissionCache.get(db)?.get(roleId);
  return cached?.version === version ? cached.names : undefined;
}

async function loadPermissions(db: Db, roleId: number, version: number): Promise<ReadonlySet<string>> {
  let cache = rolePermissionCache.get(db);
  if (!cache) rolePermissionCache.set(db, (cache = new Map<number, { version: number; names: ReadonlySet<string> }>()));
  const rows = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId));
  const names = new Set(rows.map((r) => r.name));
  cache.set(roleId, { version, names });
  return names;
}

const permissionsOf = (db: Db, roleId: number, version: number) => cachedPermissions(db, roleId, version) ?? loadPermissions(db, roleId, version);

/** What a request needs of its account, whether it came with a session or an API key. */
const accountColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  roleId: users.roleId,
  roleVersion: roles.version,
  isAdmin: sql<boolean>`${users.roleId} = ${adminRole}`,
  owner: users.owner,
  hasPasscode: sql<boolean>`${users.creditSharePasscodeHash} is not null`,
  creditPoint: users.creditPoint,
  expiryReminders: users.expiryReminders,
  /** A confirmed TOTP app or at least one passkey. */
  hasSecondFactor: sql<boolean>`(exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`,
  /**
   * Who requires a second factor of the account, in the same statement: the admin's switch for its
   * kind of account (one primary-key look-up in the small settings table), else the parent's switch,
   * kept on the account itself (`twoFactorRequiredByParent`, no walk up the tree per request).
   */
  twoFactorRequiredBy: sql<TwoFactorRequirer | null>`case
    when exists (select 1 from ${settings} where ${settings.key} = (case when ${users.roleId} = ${adminRole} then ${TWO_FACTOR_REQUIRED_ADMINS} else ${TWO_FACTOR_REQUIRED_RESELLERS} end) and ${settings.value} = 'true') then 'panel'
    when ${users.twoFactorRequiredByParent} then 'parent'
  end`,
};

/**
 * An account that may act: not removed, not disabled by an admin, active, not suspended by the
 * panel's owner. Read with every session and key on every request, so a change on one node is
 * refused by every node at its next request.
 */
const accountUsable = and(isNull(users.deletedAt), eq(users.isDisableByAdmin, 0), eq(users.status, 1), isNull(users.suspendedAt));

/**
 * The sessions of the requests arriving together, in one indexed statement (see roundBatch),
 * prepared once per database: each session with its account (still active, not disabled, not
 * removed, so disabling an account stops its sessions at once) and its role's version.
 */
function prepareSessionQuery(db: Db) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      sessionId: sessions.id,
      passcodeValidatedAt: sessions.passcodeValidatedAt,
      twoFactorAt: sessions.twoFactorAt,
      lastUsedAt: sessions.lastUsedAt,
      ...accountColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        gt(sessions.expiresAt, sql`now()`),
        accountUsable,
      ),
    )
    .prepare('find_sessions');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>['execute']>>[number];

const sessionLookup = perDatabase((db) => {
  const statement = prepareSessionQuery(db);
  return roundBatch<string, SessionRow>({
    load: (tokenHashes) => statement.execute({ tokenHashes }),
    keyId: (hash) => hash,
    rowId: (row) => row.tokenHash,
  });
});

/** A session's "last used" moves in steps of a minute (the sessions list shows no finer). */
const LAST_USED_STEP_MS = 60_000;

/**
 * Moves a session's "last used" time. The request only asks when the row it read is a minute old,
 * so a session costs one write a minute, not one per request; the condition repeats the test in
 * the database, so requests of several nodes arriving together write once.
 */
const touchSession = perDatabase((db) =>
  db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(sessions.id, sql.placeholder('id')), sql`${sessions.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_STEP_MS / 1000})`))
    .prepare('touch_session'),
);

/**
 * A reseller API key works as a bearer token only while its account has API access (and is live,
 * enabled and active). The flag is read on every request, never cached: disabling takes effect at once.
 * A key of a live account whose access is off is found all the same, so the answer can say why
 * (API_ACCESS_DISABLED) instead of "log in".
 */
const apiKeyQuery = perDatabase((db) =>
  db
    .select({ apiAccess: users.apiAccess, ...accountColumns })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.apiKeyHash, sql.placeholder('keyHash')), accountUsable))
    .prepare('find_api_key'),
);

/** A key that is genuine but whose account's API access is off: no Auth, and the reason for the answer. */
const API_ACCESS_OFF = Symbol('api access off');
type Caller = Auth | typeof API_ACCESS_OFF | undefined;

/** An API key's Auth: no session row (nothing to log out, no passcode validated in it, no step-up). */
async function keyAuth(db: Db, row: Omit<AccountRow, 'apiAccess'>, key: Pick<Auth, 'apiKeyId' | 'scopes'> = {}): Promise<Auth> {
  return {
    sessionId: 0,
    viaApiKey: true,
    ...key,
    userId: row.userId,
    name: row.name,
    email: row.email,
    roleId: row.roleId,
    isAdmin: false,
    hasPasscode: row.hasPasscode,
    creditPoint: row.creditPoint,
    expiryReminders: row.expiryReminders,
    permissions: await permissionsOf(db, row.roleId, row.roleVersion),
    passcodeValidatedAt: null,
    hasSecondFactor: row.hasSecondFactor,
    twoFactorAt: null,
    twoFactorRequiredBy: row.twoFactorRequiredBy,
  };
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof apiKeyQuery>['execute']>>[number] | Awaited<ReturnType<ReturnType<typeof scopedKeyQuery>['execute']>>[number];

async function findApiKey(db: Db, hash: string): Promise<Caller> {
  const [row] = await apiKeyQuery(db).execute({ keyHash: hash });
  // Admin accounts have no API key (the key routes refuse them); a stray one authenticates nothing.
  if (!row || row.isAdmin) return undefined;
  if (row.apiAccess !== 1) return API_ACCESS_OFF;
  return keyAuth(db, row);
}

/**
 * A scoped API key (issue 25): live (not revoked), of an account that has API access and is live,
 * enabled and active, read on every request like the legacy key's, so a revoke or a disable takes
 * effect on the next call. One prepared statement, by the key's unique hash.
 */
const scopedKeyQuery = perDatabase((db) =>
  db
    .select({ apiKeyId: apiKeys.id, scopes: apiKeys.scopes, keyLastUsedAt: apiKeys.lastUsedAt, apiAccess: users.apiAccess, ...accountColumns })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt), accountUsable))
    .prepare('find_scoped_api_key'),
);

/**
 * A key's last use (time and address), in steps of a minute like a session's: the request writes
 * only when the row it read is a minute old, and the condition repeats the test in the database,
 * so a busy bot costs one write a minute, not one per call.
 */
const touchScopedKey = perDatabase((db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: sql`${sql.placeholder('ip')}` })
    .where(
      and(
        eq(apiKeys.id, sql.placeholder('id')),
        or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_STEP_MS / 1000})`),
      ),
    )
    .prepare('touch_scoped_api_key'),
);

async function findScopedKey(db: Db, hash: string, ip: string | undefined): Promise<Caller> {
  const [row] = await scopedKeyQuery(db).execute({ keyHash: hash });
  // As for the legacy key: an admin account's key authenticates nothing (creating one is refused).
  if (!row || row.isAdmin) return undefined;
  // Not counted as a use: the key did nothing.
  if (row.apiAccess !== 1) return API_ACCESS_OFF;
  if (ip !== undefined && (row.keyLastUsedAt === null || Date.now() - row.keyLastUsedAt.getTime() >= LAST_USED_STEP_MS)) {
    await touchScopedKey(db).execute({ id: row.apiKeyId, ip });
  }
  return keyAuth(db, row, { apiKeyId: row.apiKeyId, scopes: new Set(row.scopes as ApiKeyScope[]) });
}

/**
 * An account acting on its own rules with no one signed in: a store's account when its customer's
 * payment is proven (issue 43), so the sale activates with its apps and its credit as its own
 * activation would. Undefined when the account may not act (removed, disabled, inactive, suspended).
 */
export async function accountAuth(db: Db, userId: number): Promise<Auth | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), accountUsable));
  if (!row) return undefined;
  return { ...(await keyAuth(db, row)), viaApiKey: false, isAdmin: row.isAdmin };
}

/** The caller of a bearer token, or undefined; a key of an account without API access is none. */
export async function findSession(db: Db, token: string, ip?: string): Promise<Auth | undefined> {
  const caller = await findCaller(db, token, ip);
  return caller === API_ACCESS_OFF ? undefined : caller;
}

/**
 * The caller of a bearer token: a session, else the account's legacy API key; a token with the
 * scoped keys' prefix is looked up among those keys only (a session token or a legacy key never
 * starts with it). `ip` is recorded as a scoped key's last use. A genuine key of an account whose
 * API access is off answers API_ACCESS_OFF.
 */
async function findCaller(db: Db, token: string, ip?: string): Promise<Caller> {
  const hash = sha256(token);
  if (token.startsWith(API_KEY_PREFIX)) return findScopedKey(db, hash, ip);
  const row = await sessionLookup(db)(hash);
  if (!row) return findApiKey(db, hash);
  if (Date.now() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) await touchSession(db).execute({ id: row.sessionId });
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    name: row.name,
    email: row.email,
    roleId: row.roleId,
    isAdmin: row.isAdmin,
    owner: row.owner,
    hasPasscode: row.hasPasscode,
    creditPoint: row.creditPoint,
    expiryReminders: row.expiryReminders,
    permissions: cachedPermissions(db, row.roleId, row.roleVersion) ?? (await loadPermissions(db, row.roleId, row.roleVersion)),
    passcodeValidatedAt: row.passcodeValidatedAt,
    hasSecondFactor: row.hasSecondFactor,
    twoFactorAt: row.twoFactorAt,
    twoFactorRequiredBy: row.twoFactorRequiredBy,
  };
}

/**
 * Deny by default: every route needs a session unless its config says `public`, and the
 * permission it declares. Runs before the body is parsed, so an anonymous caller learns nothing
 * about a route's input.
 */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', undefined);
  app.decorateRequest('locale', 'en');
  // One hook, not two: each async hook is a promise and a turn of Fastify's hook runner per request,
  // and `routeOptions` builds a new object on every read, so it is read once.
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    const { config, url } = request.routeOptions;
    // Unknown routes have no config; the not-found handler answers them.
    if (!url || config.ownToken) return;
    const token = bearerToken(request);
    const caller = token ? await findCaller(app.deps.db, token, request.ip) : undefined;
    if (caller !== API_ACCESS_OFF) request.auth = caller;
    if (config.public) return;
    if (caller === API_ACCESS_OFF) throw new AppError('API_ACCESS_DISABLED');
    const auth = request.auth;
    if (!auth) throw new AppError('C10002');
    const needed = config.permission;
    if (needed !== undefined && !(typeof needed === 'string' ? auth.permissions.has(needed) : needed.length === 0 || needed.some((p) => auth.permissions.has(p)))) {
      throw new AppError('FORBIDDEN');
    }
    // A scoped key also needs the call's scope (after the permission: a scope never grants more than the role).
    if (auth.scopes) assertScope(request.method, url, auth.scopes);
    // After the permission check, so a call the account may not make at all still answers FORBIDDEN.
    if (mustSetUpSecondFactor(auth) && !allowedBeforeSetup(request.method, url, auth)) throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  });
}

/** A scoped key's call outside its scopes: 403 naming the scope it needs, or saying no scope covers it. */
function assertScope(method: string, url: string, scopes: ReadonlySet<ApiKeyScope>) {
  const need = scopeNeeded(method, url);
  if (need === 'session') throw new AppError('API_KEY_SCOPE', { key: 'errors.apiKeyNoScope' });
  if (!scopes.has(need)) throw new AppError('API_KEY_SCOPE', { params: { scope: need } });
}

/** The account must have a second factor (a rule of the admin or of its parent) and has none yet. */
export function mustSetUpSecondFactor(auth: Auth): boolean {
  return auth.twoFactorRequiredBy !== null && !auth.hasSecondFactor;
}

/**
 * Deny by default: what an account that must set up a second factor may still call. Its own
 * security setup (matched by prefix, so factor kinds added later join without a change here), the
 * profile and permissions the web app needs to show the setup screen, its sessions list and
 * logout. An API key of such an account gets nothing: `allowedBeforeSetup` is never true for it.
 */
const SETUP_PREFIXES = ['/two-factor', '/passkeys'];
const SETUP_ROUTES = new Set(['GET /profile', 'GET /user/user-permissions', 'GET /sessions', 'DELETE /logout']);

function allowedBeforeSetup(method: string, routeUrl: string, auth: Auth): boolean {
  if (auth.viaApiKey) return false;
  const url = routeUrl.replace(/^\/api(\/sandbox)?/, '');
  if (SETUP_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) return true;
  return SETUP_ROUTES.has(`${method} ${url}`);
}
