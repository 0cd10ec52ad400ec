import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import { KNOWN_DEVICE_DAYS, SECURITY_PATH, type AccountSession } from '@panel/contract';
import { knownDevices, sessions } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { sha256 } from '../../lib/secrets.js';
import { accountLocale, newDeviceMail } from '../../mail/templates.js';

/** The browser (family and major version) and system a user agent names, as people call them. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null; family: string } {
  if (!userAgent) return { browser: null, os: null, family: '' };
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name || null,
    // A browser update changes the version, not the device: the family and system are what is compared.
    family: `${browser.name ?? ''}|${os.name ?? ''}`,
  };
}

/** The caller's sessions that have not expired, its own first, then the most recently used. */
export async function listSessions(ctx: Ctx): Promise<AccountSession[]> {
  const me = callerOf(ctx);
  const rows = await ctx.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      twoFactorAt: sessions.twoFactorAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, me.userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(eq(sessions.id, me.sessionId)), desc(sessions.lastUsedAt), desc(sessions.id));
  return rows.map((row) => {
    const { browser, os } = describeUserAgent(row.userAgent);
    return {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt.toISOString(),
      ip: row.ip,
      browser,
      os,
      two_factor: row.twoFactorAt !== null,
      current: row.id === me.sessionId,
    };
  });
}

/**
 * Ends one of the caller's sessions. The owner is part of the condition, so another account's id
 * answers the same 404 as an id that never existed. Its token is refused at its next call on every
 * node: each request reads its session from the database (docs/decisions/0001).
 */
export async function endSession({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = callerOf(ctx);
  const [ended] = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, me.userId)))
    .returning({ id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent });
  if (!ended) throw new AppError('NOT_FOUND');
  await audit(ctx, { action: 'session.end', targetType: 'session', targetId: id, details: { ip: ended.ip, browser: describeUserAgent(ended.userAgent).browser } });
}

/** Ends every session of an account but `keep` (the caller's, or none), with one audit row saying how many and why. */
export async function endOtherSessions(
  ctx: Ctx,
  { userId, keep, reason }: { userId: number; keep?: number; reason: 'sign-out-others' | 'password' | 'two-factor-reset' },
  db: DbOrTx = ctx.db,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep === undefined ? undefined : ne(sessions.id, keep)))
    .returning({ id: sessions.id });
  if (ended.length > 0) await audit(ctx, { action: 'session.end-others', targetType: 'user', targetId: userId, details: { count: ended.length, reason } }, db);
  return ended.length;
}

export async function signOutOthers(ctx: Ctx): Promise<number> {
  const me = callerOf(ctx);
  return endOtherSessions(ctx, { userId: me.userId, keep: me.sessionId, reason: 'sign-out-others' });
}

const knownWithin = sql`now() - make_interval(days => ${KNOWN_DEVICE_DAYS})`;

/**
 * Records that the account signed in from this browser (family and system) and address, and says
 * whether that is a new device: one not seen for the account within KNOWN_DEVICE_DAYS, on an
 * account that has signed in before (the first sign-in has nothing to compare with, and neither has
 * an account's first sign-in after this table was added).
 *
 * Two sign-ins from the same new device at once mail once: the insert's conflict branch refreshes
 * only a row older than the window, so the second waits for the first's row and then finds it fresh.
 */
export async function isNewDevice(ctx: Ctx, userId: number, userAgent: string | undefined): Promise<boolean> {
  const deviceHash = sha256(`${describeUserAgent(userAgent).family}|${ctx.ip}`);
  const known = and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash));
  const fresh = await ctx.db.update(knownDevices).set({ lastSeenAt: sql`now()` }).where(and(known, gt(knownDevices.lastSeenAt, knownWithin))).returning({ userId: knownDevices.userId });
  if (fresh.length > 0) return false;
  const [noted] = await ctx.db
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: sql`now()` }, setWhere: sql`${knownDevices.lastSeenAt} <= ${knownWithin}` })
    .returning({ firstSeenAt: knownDevices.firstSeenAt, lastSeenAt: knownDevices.lastSeenAt });
  if (!noted) return false;
  // Both columns take the statement's now() on insert: an older first sighting is a device back after the window.
  if (noted.firstSeenAt.getTime() < noted.lastSeenAt.getTime()) return true;
  const [other] = await ctx.db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), ne(knownDevices.deviceHash, deviceHash)))
    .limit(1);
  return other !== undefined;
}

/**
 * Mails the account about a sign-in from a new device, in the language it used before this sign-in
 * (whoever signs in must not choose the warning's language). A mail that cannot be sent is logged:
 * it never fails the sign-in.
 */
export async function sendNewDeviceMail(
  ctx: Ctx,
  account: { name: string; email: string; locale: string | null },
  userAgent: string | undefined,
) {
  const { browser, os } = describeUserAgent(userAgent);
  try {
    await ctx.mailer.send(
      newDeviceMail(accountLocale(account.locale), account, { at: new Date(), ip: ctx.ip, browser, os, days: KNOWN_DEVICE_DAYS, link: `${ctx.config.publicUrl}${SECURITY_PATH}` }),
    );
  } catch (error) {
    ctx.log.error({ err: error }, 'new-device mail not sent');
  }
}
