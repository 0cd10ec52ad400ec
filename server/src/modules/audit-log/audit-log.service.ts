import { and } from 'drizzle-orm';
import { AUDIT_LOG_CSV_COLUMNS, SEARCH_MIN_LENGTH, auditEventKind, translate, type AuditLogEntry, type AuditLogQuery } from '@panel/contract';
import type { Ctx } from '../../http/context.js';
import { csvReport } from '../../lib/csv.js';
import { listRange } from '../../lib/date-range.js';
import { idsInReach } from '../resellers/hierarchy.js';
import * as repo from './audit-log.repository.js';

/** A detail whose name says it could hold a secret is never answered, whatever row wrote it. */
const SECRET_NAME = /pass|secret|token|code|key|hash|otp|value/i;

/**
 * `details` as the Activity screen and the export show them: text under a secret-sounding name
 * is left out (a deleted activation code's value, a future row's careless field); yes/no flags
 * such as `passwordChanged` stay, as they tell what happened without telling the secret.
 */
export function publicDetails(details: unknown): Record<string, unknown> | null {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return null;
  const shown = Object.entries(details).filter(([name, value]) => typeof value === 'boolean' || !SECRET_NAME.test(name));
  return shown.length > 0 ? Object.fromEntries(shown) : null;
}

/** The rows the caller may read (its own account's and its sub-resellers'; an admin's: all) under the query's filters. */
async function filtered(ctx: Ctx, query: AuditLogQuery) {
  const { from, to } = listRange(query);
  const reach = await idsInReach(ctx);
  const account = query.account?.trim();
  return and(
    reach ? repo.touchingAccounts(reach) : undefined,
    repo.createdBetween(from, to),
    query.type ? repo.ofKind(query.type) : undefined,
    account && account.length >= SEARCH_MIN_LENGTH ? repo.touchingAccountsMatching(account) : undefined,
  );
}

function toEntry(row: repo.AuditRow): AuditLogEntry {
  const account = (id: number | null | undefined, email: string | null) => (id != null && email !== null ? { id, email } : null);
  return {
    id: row.id,
    action: row.action,
    kind: auditEventKind(row.action),
    actor: account(row.actorId, row.actorEmail),
    target: account(row.targetEmail === null ? null : Number(row.targetId), row.targetEmail),
    target_type: row.targetType,
    target_id: row.targetId,
    details: publicDetails(row.details),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /api/audit-log. */
export async function listAuditLog({ ctx, query }: { ctx: Ctx; query: AuditLogQuery }) {
  const where = await filtered(ctx, query);
  const size = query.per_page;
  const { entries, total, totalCapped } = await repo.auditPage(ctx.db, where, { number: query.page, size });
  return {
    data: entries.map(toEntry),
    meta: { total, last_page: Math.max(1, Math.ceil(total / size)), current_page: query.page, per_page: size, total_capped: totalCapped },
  };
}

/** GET /api/audit-log/export: the same rows, oldest first, every page of them. */
export async function exportAuditLog({ ctx, query }: { ctx: Ctx; query: AuditLogQuery }) {
  const where = await filtered(ctx, query);
  const t = (key: string) => translate(ctx.locale, key);
  return csvReport({
    header: AUDIT_LOG_CSV_COLUMNS.map((column) => t(`auditLog.csv.${column}`)),
    batch: (afterId, size) => repo.auditBatch(ctx.db, where, afterId, size),
    line: (row) => {
      const entry = toEntry(row);
      return [
        entry.id,
        entry.created_at,
        t(`auditLog.kinds.${entry.kind}`),
        entry.action,
        entry.actor?.email ?? null,
        entry.target?.email ?? (entry.target_id === null ? null : `${entry.target_type} ${entry.target_id}`),
        entry.ip,
        entry.details === null ? null : JSON.stringify(entry.details),
      ];
    },
    bom: true,
  });
}
