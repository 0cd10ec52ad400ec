import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { localeFromHeader } from '@panel/contract';
import type { Db } from '../db/client.js';
import { sha256 } from '../lib/secrets.js';
import { AppError } from './app-error.js';
import type { Auth } from './context.js';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

type SessionRow = {
  session_id: number;
  passcode_validated_at: Date | string | null;
  user_id: number;
  name: string;
  email: string;
  role_id: number;
  is_admin: boolean;
  has_passcode: boolean;
  permissions: string[];
};

/**
 * One query per request: the session, its account (still active, not disabled, not removed, so
 * disabling an account stops its sessions at once) and the role's permission names.
 */
export async function findSession(db: Db, token: string): Promise<Auth | undefined> {
  const result = await db.execute(sql`
    select s.id as session_id, s.passcode_validated_at, u.id as user_id, u.name, u.email, u.role_id,
           u.role_id = (select min(id) from roles) as is_admin,
           u.credit_share_passcode_hash is not null as has_passcode,
           coalesce(array_agg(p.name) filter (where p.name is not null), '{}') as permissions
    from sessions s
    join users u on u.id = s.user_id
    left join role_permissions rp on rp.role_id = u.role_id
    left join permissions p on p.id = rp.permission_id
    where s.token_hash = ${sha256(token)} and s.expires_at > now()
      and u.deleted_at is null and u.is_disable_by_admin = 0 and u.status = 1
    group by s.id, u.id`);
  const row = (result as { rows: SessionRow[] }).rows[0];
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    roleId: row.role_id,
    isAdmin: row.is_admin,
    hasPasscode: row.has_passcode,
    permissions: new Set(row.permissions),
    passcodeValidatedAt: row.passcode_validated_at ? new Date(row.passcode_validated_at) : null,
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
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromHeader(request.headers['accept-language']);
    const config = request.routeOptions.config;
    // Unknown routes have no config; the not-found handler answers them.
    if (!request.routeOptions.url) return;
    const token = bearerToken(request);
    if (token) request.auth = await findSession(app.deps.db, token);
    if (config.public) return;
    if (!request.auth) throw new AppError('C10002');
    const needed = config.permission;
    if (!needed) return;
    const list = typeof needed === 'string' ? [needed] : needed;
    if (!list.some((p) => request.auth!.permissions.has(p))) throw new AppError('FORBIDDEN');
  });
}
