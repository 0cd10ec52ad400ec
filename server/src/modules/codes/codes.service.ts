import crypto from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  CODE_LENGTH,
  CODE_PRICES,
  CODE_RENEW_COST,
  CREDIT_TR_TYPES,
  LIFETIME_EXPIRY,
  SEARCH_MIN_LENGTH,
  translate,
  type ActivationCode,
  type CodeRefundRefusal,
  type CodeListQuery,
  type CodeValueBody,
  type CreateCodesBody,
  type EditCodePlaylistsBody,
  type Permission,
  type RedeemCodeBody,
  type ResetCodeBody,
} from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { activationCodes, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { listRange } from '../../lib/date-range.js';
import { once } from '../../lib/idempotency.js';
import { insertActivations, undoHoursOf, undoWindowHours } from '../activation/activation.service.js';
import { giveBackKeySpend } from '../api-keys/api-keys.service.js';
import { findAccountByEmail, moved, transfer } from '../credit/credit.service.js';
import { deviceAnswer, playerApplication, recordDevice } from '../player/player.service.js';
import { idsInReach, targetWithinReach } from '../resellers/hierarchy.js';
import { emit, last4 } from '../webhooks/webhooks.service.js';
import { recordAfterCommit } from '../metrics/panel-metrics.js';
import * as repo from './codes.repository.js';
import { codeRefunded } from '../insights/insights.service.js';

/**
 * Activation codes (business-panel.md §2–§9): bought in batches with credit, redeemed by a player
 * on one device, renewed, reset, switched on and off, deleted. Locks are taken code first, then
 * its device, then the paying account, the order activation uses (devices before the account).
 */

/** A new value: CODE_LENGTH digits from the system's secure generator (46.5 bits), leading zeros kept. */
export function newCodeValue(): string {
  return String(crypto.randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

const isExpired = (code: { expireDate: Date }, now = new Date()) => code.expireDate.getTime() <= now.getTime();

function oneYearAfter(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

// ---------------------------------------------------------------------------------------------
// The refund on delete (issue 27): an unredeemed code deleted within the undo window gives its
// price back to whoever paid for it, on the same rules as undoing an activation.
// ---------------------------------------------------------------------------------------------

/** Who asks and when: what a code's refund depends on besides the code. */
export type RefundView = { userId: number; isAdmin: boolean; windowHours: number; now: Date };

type RefundFacts = Pick<repo.CodeRow, 'type' | 'createdBy' | 'payerParentId' | 'deviceId' | 'redeemedAt' | 'createdAt' | 'expireDate'>;

/** A yearly code is bought for a year from its purchase; an expiry a day past that means a renewal was paid for since. */
const RENEWED_SLACK_MS = 24 * 3_600_000;

/**
 * What deleting `code` would give back, now, to the caller of `view`: the code's price (CODE_PRICES,
 * what its share of the batch's ledger row cost) when refunds are on, it was never redeemed (a
 * reset keeps `redeemed_at`: a code once used is not new again), never renewed, bought within the
 * window, and the caller paid for it or is the payer's parent or an admin. Else 0 and why.
 */
export function refundOf(code: RefundFacts, view: RefundView): { points: number; refused: CodeRefundRefusal | null } {
  const refused = (reason: CodeRefundRefusal) => ({ points: 0, refused: reason });
  if (view.windowHours <= 0) return refused('off');
  if (code.deviceId !== null || code.redeemedAt !== null) return refused('redeemed');
  if (code.type === 'yearly' && code.expireDate.getTime() > oneYearAfter(code.createdAt).getTime() + RENEWED_SLACK_MS) return refused('renewed');
  if (code.createdAt.getTime() <= view.now.getTime() - view.windowHours * 3_600_000) return refused('late');
  if (!view.isAdmin && view.userId !== code.createdBy && view.userId !== code.payerParentId) return refused('notPayer');
  return { points: CODE_PRICES[code.type], refused: null };
}

async function refundView(ctx: Ctx, db: DbOrTx): Promise<RefundView> {
  return viewWith(ctx, await undoWindowHours(db));
}

function viewWith(ctx: Ctx, windowHours: number): RefundView {
  const me = callerOf(ctx);
  return { userId: me.userId, isAdmin: me.isAdmin, windowHours, now: new Date() };
}

function toAnswer(row: repo.CodeRow, view: RefundView): ActivationCode {
  const now = view.now;
  const refund = refundOf(row, view);
  return {
    id: row.id,
    value: row.value,
    type: row.type,
    email: row.email,
    device_info:
      row.deviceId === null || row.deviceMac === null
        ? null
        : { mac_address: row.deviceMac, version: row.deviceVersion, ip: row.deviceIp, _id: String(row.deviceId) },
    expire_date: row.expireDate.toISOString(),
    status: row.status,
    expired: isExpired(row, now) ? 1 : 0,
    is_active: row.deviceId === null ? 0 : 1,
    created_at: row.createdAt.toISOString(),
    playlists: row.playlists,
    refundable_points: refund.points,
    refund_refused: refund.refused,
  };
}

async function answerOf(ctx: Ctx, db: DbOrTx, id: number): Promise<ActivationCode> {
  const [row] = await repo.codesByIds(db, [id]);
  return toAnswer(row!, await refundView(ctx, db));
}

/**
 * The reseller whose codes a call acts on: the caller's own, or the one `resellerEmail` names,
 * which needs `anyPermission` and an account within the caller's reach (the admin's: every one;
 * a reseller's: its sub-resellers).
 */
async function ownerOf(ctx: Ctx, db: DbOrTx, resellerEmail: string | undefined, anyPermission: Permission) {
  const me = callerOf(ctx);
  if (!resellerEmail || resellerEmail === me.email.toLowerCase()) return { id: me.userId, email: me.email };
  if (!me.permissions.has(anyPermission)) throw new AppError('FORBIDDEN', { key: 'codes.otherReseller' });
  const account = await findAccountByEmail(db, resellerEmail);
  if (!account || account.deletedAt) throw new AppError('NOT_FOUND', { key: 'codes.resellerNotFound' });
  await targetWithinReach(ctx, account.id, { db });
  return { id: account.id, email: resellerEmail };
}

/**
 * The owner's code, locked until the transaction ends: a code of anyone else is not found. An
 * expired code takes only Renew and Delete (§2); `refuseExpired` marks the other actions.
 */
async function lockedCode(
  ctx: Ctx,
  tx: Tx,
  find: { value?: string; id?: number; resellerEmail?: string | undefined },
  options: { anyPermission: Permission; refuseExpired: boolean },
) {
  const owner = await ownerOf(ctx, tx, find.resellerEmail, options.anyPermission);
  const code = await repo.lockCode(tx, and(find.id === undefined ? repo.byValue(find.value!) : repo.byId(find.id), repo.ofReseller(owner.id))!);
  if (!code) throw new AppError('NOT_FOUND', { key: 'codes.notFound' });
  if (options.refuseExpired && isExpired(code)) throw new AppError('CONFLICT', { key: 'codes.expired' });
  return code;
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/activation-codes: the caller's codes; a holder of `ibopro-search` (who may create codes
 * for others) sees those of every account in its reach, searchable by the reseller's e-mail too.
 */
export async function listCodes({ ctx, query }: { ctx: Ctx; query: CodeListQuery }) {
  const me = callerOf(ctx);
  const { from, to } = listRange(query);
  const ids = me.permissions.has('ibopro-search') ? await idsInReach(ctx) : [me.userId];
  const keyword = query.search_query?.trim();
  const search =
    keyword && keyword.length >= SEARCH_MIN_LENGTH
      ? repo.searchCondition(keyword, { emails: ids === undefined || ids.length > 1 })
      : undefined;
  const size = query.per_page;
  const { entries, total, totalCapped, undoWindow } = await repo.codePage(ctx.db, [repo.ofAccounts(ids), repo.createdBetween(from, to), search], {
    number: query.page,
    size,
    sortKey: query.sort_key ?? 'created_at',
    sortType: query.sort_type?.toLowerCase() === 'asc' ? 'asc' : 'desc',
  });
  const view = viewWith(ctx, undoHoursOf(undoWindow));
  return {
    data: entries.map((e) => toAnswer(e, view)),
    meta: { total, last_page: Math.max(1, Math.ceil(total / size)), current_page: query.page, per_page: size, total_capped: totalCapped },
  };
}

// ---------------------------------------------------------------------------------------------
// Purchase and renewal: the two calls that spend credit
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/sendingcode. One transaction: the charge, its ledger row and the N codes, or nothing.
 * The caller pays; the codes belong to the reseller `resellerEmail` names (ibopro-search).
 */
export async function createCodes({ ctx, input, requestId }: { ctx: Ctx; input: CreateCodesBody; requestId: string | null }) {
  const me = callerOf(ctx);
  const owner = await ownerOf(ctx, ctx.db, input.resellerEmail, 'ibopro-search');
  const cost = CODE_PRICES[input.subscriptionType] * input.codeCount;
  const expireDate = input.subscriptionType === 'lifetime' ? new Date(LIFETIME_EXPIRY) : sql`now() + interval '1 year'`;
  return once(ctx, requestId, ['sendingcode', input.subscriptionType, input.codeCount, owner.id], async (tx) => {
    // Read before the charge locks the payer's balance row, which then stays locked to the commit.
    const view = await refundView(ctx, tx);
    const newCodes = (count: number, ledgerId: number | SQL) =>
      Array.from({ length: count }, () => ({ value: newCodeValue(), type: input.subscriptionType, resellerId: owner.id, createdBy: me.userId, ledgerId, expireDate }));
    // The codes are written in the debit's statement: the payer's balance row stays locked for it
    // and the commit only.
    const sale = repo.codesWithDebit(tx, newCodes(input.codeCount, moved.ledgerId));
    const charged = await transfer(
      ctx,
      tx,
      {
        trType: CREDIT_TR_TYPES.code,
        amount: cost,
        debitorId: me.userId,
        creditorId: null,
        reason: 'code-purchase',
        requestId,
        insufficient: () => new AppError('INSUFFICIENT_CREDIT'),
      },
      sale,
    );
    const created = repo.insertedCodes(charged.written);
    // A value already taken is skipped by the insert and drawn again.
    while (created.length < input.codeCount) {
      created.push(...(await repo.insertCodes(tx, newCodes(input.codeCount - created.length, charged.ledgerId))));
    }
    const msg = translate(ctx.locale, 'codes.created', { count: created.length });
    // New codes have no device and no playlist yet: the answer needs no read after the insert.
    const fresh = { email: owner.email, deviceId: null, deviceMac: null, deviceVersion: null, deviceIp: null, playlists: [], payerParentId: null };
    return {
      status: true as const,
      msg,
      message: msg,
      data: created.map((row) => toAnswer({ ...row, ...fresh }, view)),
      credit_points: cost,
      remaining_credit: charged.debitorBalance!,
    };
  });
}

/**
 * POST /api/renew-code: a yearly code gains a year from its expiry, or from now once expired, for
 * CODE_RENEW_COST paid by the caller; the device it activated follows it.
 */
export async function renewCode({ ctx, input, requestId }: { ctx: Ctx; input: CodeValueBody; requestId: string | null }) {
  const me = callerOf(ctx);
  return once(ctx, requestId, ['renew-code', input.value, input.resellerEmail ?? null], async (tx) => {
    const code = await lockedCode(ctx, tx, input, { anyPermission: 'renew-any-code', refuseExpired: false });
    if (code.type === 'lifetime') throw new AppError('CONFLICT', { key: 'codes.lifetimeRenew' });
    const now = new Date();
    const expireDate = oneYearAfter(isExpired(code, now) ? now : code.expireDate);
    if (code.deviceId !== null) {
      const device = await repo.lockDevice(tx, code.deviceId);
      if (device && device.disabledAt === null && device.expireDate.getTime() < expireDate.getTime()) {
        await repo.updateDevice(tx, device.id, { expireDate });
      }
    }
    await repo.updateCode(tx, code.id, { expireDate });
    const charged = await transfer(ctx, tx, {
      trType: CREDIT_TR_TYPES.code,
      amount: CODE_RENEW_COST,
      debitorId: me.userId,
      creditorId: null,
      reason: 'code-renewal',
      requestId,
      insufficient: () => new AppError('INSUFFICIENT_CREDIT'),
    });
    const msg = translate(ctx.locale, 'codes.renewed', { date: expireDate.toISOString().slice(0, 10) });
    return {
      status: true as const,
      msg,
      message: msg,
      expire_date: expireDate.toISOString(),
      remaining_credit: charged.debitorBalance!,
      data: await answerOf(ctx, tx, code.id),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Status, reset, delete
// ---------------------------------------------------------------------------------------------

/** POST /api/update-code-status: status flips between 1 and 0. */
export async function toggleStatus({ ctx, input }: { ctx: Ctx; input: CodeValueBody }) {
  return ctx.db.transaction(async (tx) => {
    const code = await lockedCode(ctx, tx, input, { anyPermission: 'change-any-status', refuseExpired: true });
    const status = code.status === 1 ? 0 : 1;
    await repo.updateCode(tx, code.id, { status });
    await audit(ctx, { action: 'code.status', targetType: 'activation_code', targetId: code.id, details: { status } }, tx);
    const msg = translate(ctx.locale, status === 1 ? 'codes.activated' : 'codes.deactivated');
    return { status: true as const, msg, message: msg, data: await answerOf(ctx, tx, code.id) };
  });
}

/**
 * Frees a code from its device and takes back what the redeem gave: the device's expiry and
 * lifetime from before, unless something else (a paid activation, another code) has moved its
 * expiry since, in which case that time stays the device's.
 */
async function releaseDevice(tx: Tx, code: typeof activationCodes.$inferSelect) {
  if (code.deviceId === null || code.deviceExpiryBefore === null) return;
  await repo.updateDevice(
    tx,
    code.deviceId,
    { expireDate: code.deviceExpiryBefore, lifetime: code.deviceLifetimeBefore ?? false },
    repo.deviceExpiryIs(code.expireDate),
  );
}

/** POST /api/reset-code: a new value, the old one stops working at once and the device is freed. */
export async function resetCode({ ctx, input }: { ctx: Ctx; input: ResetCodeBody }) {
  return ctx.db.transaction(async (tx) => {
    const code = await lockedCode(ctx, tx, { id: input.code_id, resellerEmail: input.resellerEmail }, { anyPermission: 'reset-any-code', refuseExpired: true });
    await releaseDevice(tx, code);
    let value = newCodeValue();
    while ((await repo.codesByValue(tx, value)) > 0) value = newCodeValue();
    // `redeemed_at` stays: a code once redeemed is never refunded on delete, reset or not.
    await repo.updateCode(tx, code.id, { value, deviceId: null, deviceExpiryBefore: null, deviceLifetimeBefore: null });
    await audit(ctx, { action: 'code.reset', targetType: 'activation_code', targetId: code.id, details: { deviceId: code.deviceId } }, tx);
    const msg = translate(ctx.locale, 'codes.reset', { code: value });
    return { status: true as const, msg, message: msg, new_code: value, data: await answerOf(ctx, tx, code.id) };
  });
}

/**
 * POST /api/delete-code: the code and its playlists go; a device it activated keeps its time.
 * Within the undo window an unredeemed code's price goes back to whoever paid for it (`refundOf`):
 * one `Refund` ledger row crediting the payer, in the delete's transaction. A code the rules refuse
 * is deleted all the same, without a refund, as before issue 27; the answer says which happened.
 * Two deletes of one code at once: the second waits on the code's lock, then finds no code (404),
 * so the points come back once.
 */
export async function deleteCode({ ctx, input }: { ctx: Ctx; input: CodeValueBody }) {
  const done = await ctx.db.transaction(async (tx) => {
    const code = await lockedCode(ctx, tx, input, { anyPermission: 'delete-any-codes', refuseExpired: false });
    const view = await refundView(ctx, tx);
    const refund = refundOf({ ...code, payerParentId: await repo.parentOf(tx, code.createdBy) }, view);
    await repo.deleteCode(tx, code.id);
    await audit(
      ctx,
      { action: 'code.delete', targetType: 'activation_code', targetId: code.id, details: { last4: last4(code.value), type: code.type, refunded: refund.points } },
      tx,
    );
    // Told to the account that paid for the code, refunded or not; its value never leaves (last 4 only).
    await emit(ctx, tx, code.createdBy, 'code.deleted', { code: { id: code.id, last4: last4(code.value), type: code.type }, refunded_points: refund.points });
    if (refund.points === 0) return { points: 0, refused: refund.refused, to: null, hours: view.windowHours };
    // A scoped key that paid for the code today gets its price back on its daily spend.
    await giveBackKeySpend(tx, { payerId: code.createdBy, ledgerId: code.ledgerId, points: refund.points });
    const moved = await transfer(ctx, tx, {
      trType: CREDIT_TR_TYPES.refund,
      amount: refund.points,
      debitorId: null,
      creditorId: code.createdBy,
      reason: 'code-refund',
      requestId: null,
      insufficient: () => new AppError('INTERNAL'),
    });
    // Insights take the code back on the day it was sold, from the sale the roll-up kept.
    await codeRefunded(tx, code.id, moved.ledgerId);
    const [payer] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, code.createdBy));
    return { points: refund.points, refused: null, to: payer!, hours: view.windowHours };
  });
  const msg =
    done.points > 0
      ? translate(ctx.locale, 'codes.deletedRefunded', { points: done.points, email: done.to!.email })
      : translate(ctx.locale, `codes.deletedNoRefund.${done.refused}`, { hours: done.hours });
  return { status: true as const, msg, message: msg, refunded_points: done.points, refund_refused: done.refused, refunded_to: done.to };
}

// ---------------------------------------------------------------------------------------------
// Playlists
// ---------------------------------------------------------------------------------------------

/** POST /api/get-playlist/{codeValue}: the editor's load, part of Edit, so refused on an expired code too. */
export async function codePlaylists({ ctx, value, resellerEmail }: { ctx: Ctx; value: string; resellerEmail: string | undefined }) {
  return ctx.db.transaction(async (tx) => {
    const code = await lockedCode(ctx, tx, { value, resellerEmail }, { anyPermission: 'view-any-playlist', refuseExpired: true });
    return repo.playlistsOf(tx, code.id);
  });
}

/** POST /api/edit-playlist/{codeValue}: the code's whole list, replaced in one transaction. */
export async function editCodePlaylists({ ctx, value, input }: { ctx: Ctx; value: string; input: EditCodePlaylistsBody }) {
  return ctx.db.transaction(async (tx) => {
    const code = await lockedCode(ctx, tx, { value, resellerEmail: input.resellerEmail }, { anyPermission: 'edit-any-code', refuseExpired: true });
    await repo.replacePlaylists(tx, code.id, callerOf(ctx).userId, input.playlists);
    await audit(ctx, { action: 'code.playlists', targetType: 'activation_code', targetId: code.id, details: { count: input.playlists.length } }, tx);
    return repo.playlistsOf(tx, code.id);
  });
}

// ---------------------------------------------------------------------------------------------
// The player redeems a code
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/player/redeem-code: an active, unexpired code binds to the first device that redeems
 * it and activates that device until the code's expiry (a lifetime code: for life). The same
 * device may redeem again and gets the same answer; any other is refused and nothing changes.
 * The device is registered on the way when this is its first call.
 */
export async function redeemCode(ctx: Ctx, input: RedeemCodeBody) {
  const application = await playerApplication(ctx, input.app_id);
  await ctx.db.transaction(async (tx) => {
    const code = await repo.lockCode(tx, repo.byValue(input.code));
    if (!code) throw new AppError('NOT_FOUND', { key: 'codes.redeemInvalid' });
    if (code.status !== 1) throw new AppError('FORBIDDEN', { key: 'codes.redeemInactive' });
    const now = new Date();
    if (isExpired(code, now)) throw new AppError('CONFLICT', { key: 'codes.redeemExpired' });
    const { id: deviceId } = await recordDevice(ctx, tx, application, input);
    if (code.deviceId === deviceId) return;
    if (code.deviceId !== null) throw new AppError('CONFLICT', { key: 'codes.redeemUsed' });
    const device = (await repo.lockDevice(tx, deviceId))!;
    if (device.disabledAt !== null) throw new AppError('FORBIDDEN', { key: 'activation.check.disabled' });
    const expireDate = device.expireDate.getTime() > code.expireDate.getTime() ? device.expireDate : code.expireDate;
    const lifetime = device.lifetime || code.type === 'lifetime';
    await repo.updateDevice(tx, deviceId, { expireDate, lifetime, isTrial: 0, activatedBy: code.resellerId, activatedAt: now });
    await repo.updateCode(tx, code.id, { deviceId, redeemedAt: now, deviceExpiryBefore: device.expireDate, deviceLifetimeBefore: device.lifetime });
    // The activated apps list shows the device under the code's reseller; the ledger row is the purchase's.
    await insertActivations(tx, [
      {
        deviceId,
        applicationId: application.id,
        macAddress: device.macAddress,
        resellerId: code.resellerId,
        ledgerId: code.ledgerId,
        package: code.type === 'lifetime' ? 'Lifetime' : '1-Year',
        creditPoint: CODE_PRICES[code.type],
        boxExpiryDate: expireDate,
        comment: null,
        activatedFrom: 'activation-code',
      },
    ]);
    await audit(ctx, { action: 'code.redeem', targetType: 'activation_code', targetId: code.id, details: { deviceId } }, tx);
    recordAfterCommit(ctx, tx, (metrics) => metrics.activation(application.appName, code.type === 'lifetime' ? 'Lifetime' : '1-Year', 'activation-code'));
    await emit(ctx, tx, code.resellerId, 'code.redeemed', {
      code: { id: code.id, last4: last4(code.value), type: code.type, expires_at: code.type === 'lifetime' ? null : code.expireDate.toISOString() },
      device: { id: deviceId, mac_address: device.macAddress },
      app: { id: application.id, name: application.appName },
      expires_at: lifetime ? null : expireDate.toISOString(),
    });
  });
  return deviceAnswer(ctx, application.id, input.mac_address);
}
