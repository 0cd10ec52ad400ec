import { and, eq, type SQL } from 'drizzle-orm';
import {
  CREDIT_TR_TYPES,
  IDEMPOTENCY_HOURS,
  MAX_CREDIT_MOVE,
  PASSCODE_RECENCY_MINUTES,
  SEARCH_MIN_LENGTH,
  translate,
  type AddCreditBody,
  type CreditLogsBody,
  type CreditTrType,
  type DateRangeBody,
  type DeductCreditBody,
  type RechargeBody,
  type ResellerReportBody,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { inSandbox } from '../../db/sandbox.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { csvReport } from '../../lib/csv.js';
import { rangeEnd } from '../../lib/date-range.js';
import { fingerprintOf } from '../../lib/idempotency.js';
import { sqlStateOf } from '../../lib/db-errors.js';
import { verifySecret } from '../../lib/secrets.js';
import { whereOf } from '../../lib/shaped-statement.js';
import { passcodeLimits, takeAttempt } from '../../lib/attempt-limits.js';
import { chargeKeySpend, recordKeySpend } from '../api-keys/api-keys.service.js';
import { accountsInReach, targetWithinReach } from '../resellers/hierarchy.js';
import * as repo from './credit.repository.js';
import { requireStepUp } from '../../http/step-up.js';
import { afterMove } from './after-move.js';
import { recordAfterCommit } from '../metrics/panel-metrics.js';

export { findAccountByEmail } from './credit.repository.js';
// What waits for an account's credit (store orders, issue 43) registers here.
export { onCreditArrival } from './credit-arrival.js';
// The low-balance mail, sent by the derived module's fold once per fall (modules/derived).
export { mailLowCredit, type LowCredit } from './low-credit-mail.js';

/** The balance of `userId` (the caller by default) on the request's side, live or sandbox. */
export async function balanceOf(ctx: Ctx, userId = callerOf(ctx).userId): Promise<number> {
  const [row] = await ctx.db.select({ creditPoint: users.creditPoint }).from(users).where(eq(users.id, userId));
  return row?.creditPoint ?? 0;
}

// ---------------------------------------------------------------------------------------------
// The transfer primitive: every balance change of the panel goes through `transfer`.
// The calls that move a balance to another account on the caller's word (recharge, add, deduct)
// start with requireStepUp; spends (activation, codes) pay for a service, purchases bring money
// in, and the sandbox's test credit creates points that are not money, so none of them asks.
// ---------------------------------------------------------------------------------------------

export type Move = {
  trType: CreditTrType;
  amount: number;
  /** Loses the points; null only for the moves that bring points in: 'Added Self Credit', 'Purchase', 'Refund' and the sandbox's 'Test Credit'. */
  debitorId: number | null;
  /** Receives the points; null only for the spends, 'Activation' and 'Activation Code'. */
  creditorId: number | null;
  reason: string;
  requestId: string | null;
  /** The error to answer when the debited account holds fewer than `amount` points. */
  insufficient: () => AppError;
};

export type MoveResult = { ledgerId: number; debitorBalance: number | null; creditorBalance: number | null };

export { moved, type MoveWrites } from './credit.repository.js';

/**
 * Moves points inside the caller's transaction: debit, credit, one ledger row and one audit row
 * commit or roll back together (DESIGN.md §4), in one statement (`credit_move`, which locks both
 * accounts lowest id first). A sale passes the rows it writes with the debit (`also`, see
 * `repo.move`), and gets what the statement answered of them as `written`.
 */
export async function transfer(ctx: Ctx, tx: DbOrTx, move: Move, also?: repo.MoveWrites): Promise<MoveResult & { written: unknown }> {
  checkMove(move);
  // A spend by the caller with a scoped API key counts against the key's daily cap first (issue 25).
  const keySpend =
    (move.trType === CREDIT_TR_TYPES.activation || move.trType === CREDIT_TR_TYPES.code) && move.debitorId === ctx.auth?.userId
      ? await chargeKeySpend(ctx, tx, move.amount)
      : null;
  // A payment provider's confirmation has no signed-in caller: the buyer is then the creator.
  const creatorId = ctx.auth?.userId ?? move.creditorId;
  let result: MoveResult & { written: unknown };
  try {
    result = await repo.move(tx, {
      ...moveParams(ctx, move),
      creatorId,
      actorId: ctx.auth?.userId ?? null,
      // The other account of the move; for a spend, the account that paid.
      auditTargetId: (move.creditorId === creatorId || move.creditorId === null) && move.debitorId !== null ? move.debitorId : move.creditorId!,
    }, also);
  } catch (error) {
    throw refusal(error, { insufficient: move.insufficient });
  }
  if (keySpend) await recordKeySpend(ctx, tx, keySpend, result.ledgerId);
  recordAfterCommit(ctx, tx, (metrics) => metrics.creditMoved(move.trType, move.amount));
  afterMove(ctx, tx, move);
  return result;
}

function checkMove(move: Move) {
  if (!Number.isSafeInteger(move.amount) || move.amount < 1) throw new AppError('C10011');
  const incoming =
    move.trType === CREDIT_TR_TYPES.selfCredit ||
    move.trType === CREDIT_TR_TYPES.purchase ||
    move.trType === CREDIT_TR_TYPES.testCredit ||
    move.trType === CREDIT_TR_TYPES.refund;
  if (move.debitorId === null && !incoming) throw new AppError('INTERNAL');
  const spend = move.trType === CREDIT_TR_TYPES.activation || move.trType === CREDIT_TR_TYPES.code;
  if (move.creditorId === null && (!spend || move.debitorId === null)) throw new AppError('INTERNAL');
  if (move.debitorId === move.creditorId) throw new AppError('SELF_ACTION', { key: 'credit.selfTransfer' });
}

const moveParams = (ctx: Ctx, move: Move) => ({
  trType: move.trType,
  amount: move.amount,
  debitorId: move.debitorId,
  creditorId: move.creditorId,
  reason: move.reason,
  requestId: move.requestId,
  ip: ctx.ip,
});

type Refusals = { [K in keyof typeof repo.MOVE_REFUSALS]?: () => AppError };

/** The answer to a refusal the credit functions raised, or the error itself when it is none. */
function refusal(error: unknown, refusals: Refusals): unknown {
  const state = sqlStateOf(error);
  const name = (Object.keys(repo.MOVE_REFUSALS) as (keyof Refusals)[]).find((key) => repo.MOVE_REFUSALS[key] === state);
  return (name && refusals[name]?.()) ?? error;
}

/**
 * A move the caller makes on another account (`target`, or itself for an admin's self credit):
 * the request id's claim, the hierarchy check on the locked accounts, the move and the stored
 * answer are one statement (`credit_share`), and a repeat of the request id answers the first
 * move's result again, whatever happened since. `respond` builds the answer from the result.
 */
async function shareMove<T>(
  ctx: Ctx,
  { targetId, requestId, fingerprint, move, notFound }: { targetId: number; requestId: string | null; fingerprint: unknown; move: Move; notFound: () => AppError },
  respond: (result: MoveResult) => T,
): Promise<T> {
  checkMove(move);
  const me = callerOf(ctx);
  try {
    const params = {
      ...moveParams(ctx, move),
      key: requestId === null ? null : `${me.userId}:${requestId}`,
      fingerprint: fingerprintOf(fingerprint),
      hours: IDEMPOTENCY_HOURS,
      callerId: me.userId,
      callerIsAdmin: me.isAdmin,
      targetId,
    };
    // The share is one statement, its own transaction on the live data: the accounts' rows stay
    // locked for that statement only, with no BEGIN before it or COMMIT round trip after (what
    // follows the move is derived after the commit: after-move.ts). A sandbox statement needs its
    // transaction, which sets its search path (db/sandbox.ts).
    const answer = !inSandbox(ctx) ? await repo.share(ctx.db, params) : await ctx.db.transaction((tx) => repo.share(tx, params));
    if (!answer.replayed && answer.result) {
      afterMove(ctx, ctx.db, move);
      recordAfterCommit(ctx, ctx.db, (metrics) => metrics.creditMoved(move.trType, move.amount));
    }
    // An answer stored whole (before migration 0013) is replayed as it was.
    return answer.result ? respond(answer.result) : (answer.body as T);
  } catch (error) {
    throw refusal(error, {
      insufficient: move.insufficient,
      notFound,
      adminAccount: () => new AppError('C10014', { key: 'credit.adminAccount' }),
      outOfReach: () => new AppError('C10013'),
      requestIdReused: () => new AppError('CONFLICT', { key: 'credit.requestIdReused' }),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The calls.
// ---------------------------------------------------------------------------------------------

function moveAnswer<D>(ctx: Ctx, key: string, data: D) {
  return { status: true as const, httpCode: 200, statusCode: 200, msg: translate(ctx.locale, key), data };
}

const callerInsufficient = () => new AppError('C10422', { key: 'credit.callerInsufficient' });

/**
 * POST /api/admin-recharge-credit. An admin recharging its own e-mail creates credit ('Added
 * Self Credit'); any other recharge moves points out of the caller's balance ('Added Credit')
 * to an account within its reach. The step-up comes first, then the passcode under the brute-force limits.
 */
export async function recharge({ ctx, input, requestId }: { ctx: Ctx; input: RechargeBody; requestId: string | null }) {
  requireStepUp(ctx);
  const me = callerOf(ctx);
  await checkPasscode(ctx, input.creditSharePasscode);
  const notFound = () => fieldError('resellerEmail', 'credit.resellerNotFound');
  const target = await repo.findAccountByEmail(ctx.db, input.resellerEmail);
  if (!target || target.deletedAt) throw notFound();
  if (target.id === me.userId && !me.isAdmin) throw new AppError('SELF_ACTION', { key: 'credit.selfTransfer' });
  const self = target.id === me.userId;
  const trType = self ? CREDIT_TR_TYPES.selfCredit : CREDIT_TR_TYPES.added;
  const move = { trType, amount: input.creditPoint, debitorId: self ? null : me.userId, creditorId: target.id, reason: 'recharge', requestId, insufficient: callerInsufficient };
  return shareMove(ctx, { targetId: target.id, requestId, fingerprint: ['recharge', input.resellerEmail, input.creditPoint], move, notFound }, (result) =>
    moveAnswer(ctx, self ? 'credit.selfCredited' : 'credit.recharged', {
      tr_type: trType,
      credit_point: self ? result.creditorBalance! : result.debitorBalance!,
      reseller_credit_point: result.creditorBalance!,
    }),
  );
}

async function checkPasscode(ctx: Ctx, passcode: string) {
  const me = callerOf(ctx);
  // Every credit move carries the passcode, and bots send moves by the dozen at once: a request
  // over the limit waits for those in flight (right passcodes give their attempt back) before its 429.
  const attempt = await takeAttempt(ctx, passcodeLimits(ctx, me.userId), { waitMs: PASSCODE_BURST_WAIT_MS });
  const [row] = await ctx.db.select({ hash: users.creditSharePasscodeHash }).from(users).where(eq(users.id, me.userId));
  if (!row?.hash) {
    await attempt.giveBack();
    throw new AppError('PASSCODE_NOT_SET');
  }
  if (!(await verifySecret(row.hash, passcode))) throw new AppError('INVALID_PASSCODE');
  await attempt.passed();
}

/** How long a credit move over the passcode limit waits for the moves in flight before it answers 429. */
const PASSCODE_BURST_WAIT_MS = 3_000;

/** Moves from the reseller list need `validate-credit-share-password` in this session within the last minutes. */
function assertPasscodeRecent(ctx: Ctx) {
  const validatedAt = callerOf(ctx).passcodeValidatedAt;
  if (!validatedAt || Date.now() - validatedAt.getTime() > PASSCODE_RECENCY_MINUTES * 60_000) {
    throw new AppError('PASSCODE_REQUIRED', { params: { count: PASSCODE_RECENCY_MINUTES } });
  }
}

/** C10010 'Invalid request format!': the body or path of a reseller-list move is not the call's shape. */
export function malformed(): AppError {
  return new AppError('C10010');
}

/** A rejected add/deduct body: C10011 with the field message when creditPoint is wrong, else C10010. */
export function moveValidationError(issues: readonly { path: PropertyKey[]; message: string }[]): AppError {
  const issue = issues.find((i) => i.path[0] === 'creditPoint');
  if (!issue) return malformed();
  const key = issue.message.startsWith('validation.') ? issue.message : 'validation.creditPoint';
  return new AppError('C10011', { fields: { creditPoint: [key] }, params: { max: MAX_CREDIT_MOVE } });
}

/** The body of add/deduct must name the path's reseller when it names one at all. */
function assertSameReseller(pathId: number, input: { resellerId?: number | undefined }) {
  if (input.resellerId !== undefined && input.resellerId !== pathId) throw new AppError('C10010');
}

const resellerNotFound = () => new AppError('C10012', { key: 'credit.resellerNotFound' });

/** POST /api/resellers/:id/add-credit-point: 'Added Credit' from the caller to a reseller within its reach. */
export async function addCredit({ ctx, resellerId, input, requestId }: { ctx: Ctx; resellerId: number; input: AddCreditBody; requestId: string | null }) {
  requireStepUp(ctx);
  assertSameReseller(resellerId, input);
  assertPasscodeRecent(ctx);
  const me = callerOf(ctx);
  if (resellerId === me.userId) throw new AppError('SELF_ACTION', { key: 'credit.selfTransfer' });
  const move = { trType: CREDIT_TR_TYPES.added, amount: input.creditPoint, debitorId: me.userId, creditorId: resellerId, reason: 'add', requestId, insufficient: callerInsufficient };
  return shareMove(ctx, { targetId: resellerId, requestId, fingerprint: ['add', resellerId, input.creditPoint], move, notFound: resellerNotFound }, (result) =>
    moveAnswer(ctx, 'credit.added', { reseller_id: resellerId, credit_point: result.debitorBalance!, reseller_credit_point: result.creditorBalance! }),
  );
}

/**
 * POST /api/resellers/:id/deduct-credit-point: 'Withdraw' from a reseller within reach back to
 * the caller (its parent, or the admin acting on it); never more than the reseller holds.
 */
export async function deductCredit({ ctx, resellerId, input, requestId }: { ctx: Ctx; resellerId: number; input: DeductCreditBody; requestId: string | null }) {
  requireStepUp(ctx);
  assertSameReseller(resellerId, input);
  assertPasscodeRecent(ctx);
  const me = callerOf(ctx);
  if (resellerId === me.userId) throw new AppError('SELF_ACTION', { key: 'credit.selfTransfer' });
  const move = {
    trType: CREDIT_TR_TYPES.withdraw,
    amount: input.creditPoint,
    debitorId: resellerId,
    creditorId: me.userId,
    reason: 'deduct',
    requestId,
    insufficient: () => new AppError('C10424', { key: 'credit.childInsufficient', params: { points: input.creditPoint } }),
  };
  return shareMove(ctx, { targetId: resellerId, requestId, fingerprint: ['deduct', resellerId, input.creditPoint], move, notFound: resellerNotFound }, (result) =>
    moveAnswer(ctx, 'credit.deducted', { reseller_id: resellerId, credit_point: result.creditorBalance!, reseller_credit_point: result.debitorBalance! }),
  );
}

/**
 * GET /api/total-credit-points: the points shared ('Added Credit') by accounts within the
 * caller's reach: for an admin every share of the panel, for a reseller its own shares and its
 * sub-resellers'. Withdrawals are not subtracted: the tile counts what was handed out.
 */
export async function totalCreditPoints(ctx: Ctx): Promise<number> {
  return repo.sumShared(ctx.db, CREDIT_TR_TYPES.added, accountsInReach(ctx));
}

/** Rows the caller may see: every row for an admin, else rows touching itself or its sub-resellers. */
function visibleRows(ctx: Ctx) {
  const me = callerOf(ctx);
  return me.isAdmin ? undefined : repo.touchingReach(ctx.db, me.userId);
}

const asTypes = (value: CreditLogsBody['transaction_type']): readonly string[] =>
  value === undefined || value === null ? [] : typeof value === 'string' ? [value] : value;

/** POST api/credit-transaction-logs. */
export async function creditLogs({ ctx, input }: { ctx: Ctx; input: CreditLogsBody }) {
  const types = asTypes(input.transaction_type);
  const keyword = input.keyword?.trim();
  const filter = {
    rows: [visibleRows(ctx), input.userId ? repo.touchingAccount(input.userId) : undefined, types.length > 0 ? repo.ofTypes(types) : undefined],
    keyword: keyword && keyword.length >= SEARCH_MIN_LENGTH ? repo.keywordCondition(keyword) : undefined,
  };
  const size = input.page_size;
  const { entries, total, totalCapped } = await repo.ledgerPage(ctx.db, filter, {
    number: input.page_number,
    size,
    sortKey: input.sort_key ?? 'created_at',
    sortType: input.sort_type?.toLowerCase() === 'asc' ? 'asc' : 'desc',
  });
  const lastPage = Math.max(1, Math.ceil(total / size));
  return {
    ResellerCreditShareLog: entries.map((e) => ({
      id: e.id,
      tr_type: e.trType,
      credit_point: e.creditPoint,
      creditor_detail: e.creditorEmail === null ? null : { email: e.creditorEmail },
      debitor_detail: e.debitorEmail === null ? null : { email: e.debitorEmail },
      creator: e.creatorEmail === null ? null : { email: e.creatorEmail },
      created_at: e.createdAt.toISOString(),
    })),
    current_page: input.page_number,
    last_page: lastPage,
    total,
    total_capped: totalCapped,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV reports, streamed batch by batch.
// ---------------------------------------------------------------------------------------------

/** The ledger rows under `where` as a CSV report. */
async function report(ctx: Ctx, where: SQL | undefined, empty: () => AppError): Promise<AsyncIterable<string>> {
  const t = (key: string) => translate(ctx.locale, `credit.csv.${key}`);
  return csvReport({
    header: ['id', 'date', 'type', 'points', 'debitor', 'creditor', 'creator'].map(t),
    batch: (afterId, size) => repo.reportBatch(ctx.db, where, afterId, size),
    line: (r) => [r.id, r.createdAt.toISOString(), r.trType, r.creditPoint, r.debitorEmail, r.creditorEmail, r.creatorEmail],
    empty,
  });
}

function rangeOf(input: DateRangeBody): { from: Date; to: Date } {
  return { from: new Date(input.start_date), to: rangeEnd(input.end_date) };
}

/** POST api/credit-share-log-download-date-range: the caller's visible rows of at most 3 months. */
export async function dateRangeReport({ ctx, input }: { ctx: Ctx; input: DateRangeBody }) {
  const { from, to } = rangeOf(input);
  return report(ctx, and(whereOf([visibleRows(ctx)]), repo.createdBetween(from, to)), () =>
    new AppError('NOT_FOUND', { key: 'credit.noRecordsDateRange' }),
  );
}

/** POST api/credit-share-log-download/resellerlist: every move of one reseller within reach (or the caller's own). */
export async function resellerReport({ ctx, input }: { ctx: Ctx; input: ResellerReportBody }) {
  const me = callerOf(ctx);
  if (input.reseller_id !== me.userId) await targetWithinReach(ctx, input.reseller_id, { includeRemoved: true });
  return report(ctx, whereOf([repo.touchingAccount(input.reseller_id)]), () => new AppError('C10012', { key: 'credit.noRecordsReseller' }));
}
