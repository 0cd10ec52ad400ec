import { and, asc, desc, eq, gt, gte, inArray, like, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AUDIT_EVENT_KIND_NAMES, AUDIT_EVENT_KINDS, type AuditEventKind } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { cappedPage } from '../../lib/capped-page.js';
import { escapeLike, nameOrEmailContains } from '../../lib/like.js';

const actor = alias(users, 'actor');
const target = alias(users, 'target');

const isUserTarget = eq(auditLog.targetType, 'user');

/** Rows done by one of `ids` or done to one of them (audit_log_actor_idx, audit_log_target_user_idx). */
export function touchingAccounts(ids: readonly number[]): SQL {
  return or(inArray(auditLog.actorId, [...ids]), and(isUserTarget, inArray(auditLog.targetId, ids.map(String))))!;
}

/** Rows done by or to an account whose name or e-mail contains `keyword`. */
export function touchingAccountsMatching(keyword: string): SQL {
  const ids = sql`(select ${users.id} from ${users} where ${nameOrEmailContains(keyword)})`;
  const textIds = sql`(select ${users.id}::text from ${users} where ${nameOrEmailContains(keyword)})`;
  return or(sql`${auditLog.actorId} in ${ids}`, and(isUserTarget, sql`${auditLog.targetId} in ${textIds}`))!;
}

function kindCondition(kind: Exclude<AuditEventKind, 'other'>): SQL {
  const { exact, prefixes } = AUDIT_EVENT_KINDS[kind];
  return or(
    exact.length > 0 ? inArray(auditLog.action, [...exact]) : undefined,
    ...prefixes.map((p) => like(auditLog.action, `${escapeLike(p)}%`)),
  )!;
}

export function ofKind(kind: AuditEventKind): SQL {
  if (kind !== 'other') return kindCondition(kind);
  const named = AUDIT_EVENT_KIND_NAMES.filter((k): k is Exclude<AuditEventKind, 'other'> => k !== 'other').map(kindCondition);
  return not(or(...named)!);
}

export function createdBetween(from: Date, to: Date): SQL {
  return and(gte(auditLog.createdAt, from), lt(auditLog.createdAt, to))!;
}

/** Audit rows with the e-mails of their actor and, when it is an account, their target. */
function rowsWithAccounts<Extra extends Record<string, SQL>>(db: DbOrTx, extra: Extra = {} as Extra) {
  return db
    .select({
      ...extra,
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorEmail: actor.email,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetEmail: target.email,
      details: auditLog.details,
      ip: auditLog.ip,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    // The CASE keeps the cast away from the target ids of other kinds (application names, ticket ids).
    .leftJoin(target, sql`${target.id} = case when ${isUserTarget} then ${auditLog.targetId}::int end`);
}

export type AuditRow = Awaited<ReturnType<typeof auditBatch>>[number];

/** One page, newest first, with its capped count. */
export async function auditPage(db: DbOrTx, where: SQL | undefined, page: { number: number; size: number }) {
  const offset = (page.number - 1) * page.size;
  return cappedPage(db, db.select({ one: sql`1` }).from(auditLog).where(where), offset, (matching) =>
    rowsWithAccounts(db, { matching })
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.size)
      .offset(offset),
  );
}

/** One batch of the export, oldest first, after `afterId` (see csvReport). */
export async function auditBatch(db: DbOrTx, where: SQL | undefined, afterId: number, size: number) {
  return rowsWithAccounts(db)
    .where(and(where, gt(auditLog.id, afterId)))
    .orderBy(asc(auditLog.id))
    .limit(size);
}
