import type { AuditAction, AuditDetails } from '@panel/contract';
import { auditLog } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import type { Ctx } from '../http/context.js';

/**
 * Who did what to what, when and from where: every administrative action leaves one row (DESIGN.md §4).
 * Rows are read by people (Security → Activity): `details` never holds a secret, code, token or
 * password. `actorId` names the actor of a call without a session yet (a sign-in). The action and
 * its detail fields are the contract's `AUDIT_ACTIONS`: a new one is added there first, with its
 * words in the Activity screen's languages.
 */
export async function audit<A extends AuditAction>(
  ctx: Ctx,
  entry: { action: A; targetType: string; targetId?: number | string; details?: AuditDetails<A>; actorId?: number | null },
  db: DbOrTx = ctx.db,
) {
  await db.insert(auditLog).values({
    actorId: entry.actorId === undefined ? (ctx.auth?.userId ?? null) : entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? null,
    ip: ctx.ip,
  });
}
