import { and } from 'drizzle-orm';
import {
  ACTIVATION_REPORT_COLUMNS,
  activationCost,
  BLOCKING_MULTI_APP_STATUSES,
  CREDIT_TR_TYPES,
  DASHBOARD_CHART_DAYS,
  LIFETIME_EXPIRY,
  normaliseMac,
  packageOfTrialCode,
  SEARCH_MIN_LENGTH,
  translate,
  type ActivatedAppsBody,
  type ActivationReportBody,
  type ActivationLogsBody,
  type ActivationPackage,
  type ActivationRecord,
  type BulkActivateBody,
  type CheckMultiAppBody,
  type MultiAppCheck,
  type MultiAppStatus,
  type UpdateCommentBody,
} from '@panel/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { csvReport } from '../../lib/csv.js';
import { rangeEnd } from '../../lib/date-range.js';
import { once } from '../../lib/idempotency.js';
import { conditionOf, whereOf } from '../../lib/shaped-statement.js';
import { allowedApplications, allowedTo } from '../applications/applications.service.js';
import { balanceOf, moved, transfer } from '../credit/credit.service.js';
import { devicesOfMac, isActive, type DeviceRow } from '../devices/devices.service.js';
import { idsInReach, targetWithinReach } from '../resellers/hierarchy.js';
import { emitWithin } from '../webhooks/webhooks.service.js';
import { recordRefusal } from '../insights/insights.service.js';
import { recordAfterCommit } from '../metrics/panel-metrics.js';
import * as repo from './activation.repository.js';
import { undoHoursOf, undoUntil, undoWindowHours } from './undo-window.js';

// What the activation codes' redemption shares with activation: the rows it inserts and the undo window.
export { insertActivations } from './activation.repository.js';
export { undoHoursOf, undoWindowHours, undoWindowSetting } from './undo-window.js';

// ---------------------------------------------------------------------------------------------
// The multi-app check: one rule for the check call and for the activation itself.
// ---------------------------------------------------------------------------------------------

type AppCheck = { status: MultiAppStatus; key: string; device: DeviceRow | undefined; appName: string | undefined };

const MESSAGE_KEYS: Record<MultiAppStatus, string> = {
  error: 'activation.check.notAllowed',
  disabled: 'activation.check.disabled',
  lifeTime: 'activation.check.lifeTime',
  active: 'activation.check.active',
  expired: 'activation.check.expired',
  trial: 'activation.check.trial',
};

function checkOne(appId: number, context: { allowed: Set<number>; apps: Map<number, { appName: string; hidden: boolean }>; devices: Map<number, DeviceRow> }, now: Date): AppCheck {
  const app = context.apps.get(appId);
  const device = context.devices.get(appId);
  const result = (status: MultiAppStatus, key = MESSAGE_KEYS[status]): AppCheck => ({ status, key, device, appName: app?.appName });
  if (app?.hidden) return result('error', 'activation.check.hidden');
  if (!app || !context.allowed.has(appId)) return result('error');
  if (!device) return result('error', 'activation.check.notRegistered');
  if (device.disabledAt !== null) return result('disabled');
  if (device.lifetime) return result('lifeTime');
  if (!isActive(device, now)) return result('expired');
  return result(device.isTrial === 1 ? 'trial' : 'active');
}

/** What checking an activation reads besides the devices: the apps the caller may activate, and the apps named. */
export type Catalogue = {
  allowedCount: number;
  allowed: Set<number>;
  apps: Map<number, { appName: string; hidden: boolean }>;
};

/** The catalogue for these apps, or for every app (a file names its apps by name) when none are given. */
export async function catalogueOf(ctx: Ctx, db: DbOrTx, appIds?: number[]): Promise<Catalogue> {
  // Every application with whether the caller may activate it, in one statement: a short table.
  const rows = await repo.catalogue(db, allowedTo(callerOf(ctx)));
  const allowed = rows.filter((a) => a.allowed);
  const apps = appIds ? rows.filter((a) => appIds.includes(a.id)) : rows;
  return { allowedCount: allowed.length, allowed: new Set(allowed.map((a) => a.id)), apps: new Map(apps.map((a) => [a.id, a])) };
}

/**
 * Checks each app for one MAC address: error when the caller may not activate the app (not in its
 * `application_allowed`, hidden, unknown) or the device never registered in it; disabled; lifeTime
 * when it already has a lifetime activation; else active, expired or trial, which may be activated.
 * With `lock`, the devices stay locked until the caller's transaction ends. A batch of checks
 * (a file) reads its catalogue once and passes it.
 */
export async function checkApps(ctx: Ctx, db: DbOrTx, macAddress: string, appIds: number[], options: { lock?: boolean; catalogue?: Catalogue } = {}) {
  const catalogue = options.catalogue ?? (await catalogueOf(ctx, db, appIds));
  // Locked last: concurrent activations of the same device wait only for what depends on its state.
  const devices = await devicesOfMac(db, macAddress, appIds, options);
  const context = { ...catalogue, devices: new Map(devices.map((d) => [d.applicationId, d])) };
  const now = new Date();
  return { allowedCount: catalogue.allowedCount, checks: new Map(appIds.map((id) => [id, checkOne(id, context, now)])), now };
}

/** POST /api/check-device-status-multi-app. */
export async function checkMultiApp({ ctx, input }: { ctx: Ctx; input: CheckMultiAppBody }) {
  const { checks } = await checkApps(ctx, ctx.db, input.macAddress, input.app_id);
  const responseDataArray: Record<string, MultiAppCheck> = {};
  for (const [id, check] of checks) {
    const expiry = check.status === 'error' || !check.device ? null : check.device.expireDate;
    responseDataArray[String(id)] = {
      status: check.status,
      // The sentence leaves the day to `expire_date`, which the screen writes in the reader's style.
      message: translate(ctx.locale, check.key),
      expire_date: expiry ? expiry.toISOString() : null,
    };
  }
  return { responseDataArray };
}

/** A request naming any app it may not activate is refused whole, with the reason per app. */
function assertActivatable(checks: Map<number, AppCheck>) {
  const blocked = [...checks].filter(([, c]) => BLOCKING_MULTI_APP_STATUSES.includes(c.status));
  if (blocked.length > 0) {
    throw new AppError('ACTIVATION_REFUSED', { fields: Object.fromEntries(blocked.map(([id, c]) => [`app_ids.${id}`, [c.key]])) });
  }
}

// ---------------------------------------------------------------------------------------------
// Multi-app activation
// ---------------------------------------------------------------------------------------------

/** 1-Year adds a calendar year to the current expiry while the device is active, else to now; Lifetime never expires. */
export function newExpiry(pkg: ActivationPackage, device: DeviceRow, now: Date): Date {
  if (pkg === 'Lifetime') return new Date(LIFETIME_EXPIRY);
  const next = new Date(isActive(device, now) ? device.expireDate.getTime() : now.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** The request's cost over its rows, so that they add up to the ledger's amount (2 over 3 apps: 1, 1, 0). */
export function splitCost(cost: number, rows: number): number[] {
  const base = Math.floor(cost / rows);
  const extra = cost - base * rows;
  return Array.from({ length: rows }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * POST /api/bulk-multi-app-activate. One request is one charge: the check of every app, the
 * debit with its ledger row, the devices' new expiry and the activation rows commit together or
 * not at all, so a reseller never pays for half an activation. `isConfirmed` false answers the
 * price only. Locks: the devices (id order), then the caller's account; nothing that locks an
 * account first and a device after may exist, or the two could deadlock.
 */
export async function bulkActivate(args: { ctx: Ctx; input: BulkActivateBody; requestId: string | null }) {
  try {
    return await activate(args);
  } catch (error) {
    // A refused activation counts for Insights; the price check (isConfirmed false) activates nothing.
    if (args.input.requestData.isConfirmed !== false) await recordRefusal(args.ctx, error);
    throw await withFailedActivations(args.ctx, error, args.input.requestData);
  }
}

/**
 * A refusal names each app it did not activate, with the reason in the caller's language, as
 * reseller bots read it (`successful_count` 0, `failed_activations`): the apps the check blocked,
 * or every app of the request when the refusal is the request's (no credit, another price).
 */
async function withFailedActivations(ctx: Ctx, error: unknown, request: { macAddress: string; app_ids: number[] }) {
  if (!(error instanceof AppError) || error.status >= 500) return error;
  const fields = Object.entries(error.options.fields ?? {});
  const perApp = fields.filter(([field]) => field.startsWith('app_ids.')).map(([field, keys]) => [Number(field.slice(8)), keys[0]!] as const);
  const reason = fields[0]?.[1][0] ?? error.key;
  const failed = perApp.length > 0 ? perApp : request.app_ids.map((id) => [id, reason] as const);
  const names = new Map((await repo.applicationsByIds(ctx.db, request.app_ids)).map((a) => [a.id, a.appName]));
  const failedActivations = failed.map(([id, key]) => ({
    mac_address: request.macAddress,
    app_id: id,
    module: names.get(id) ?? '',
    error: translate(ctx.locale, key, { field: translate(ctx.locale, 'fields.app_ids'), ...error.options.params }),
  }));
  return new AppError(error.code, { ...error.options, key: error.key, body: { successful_count: 0, failed_activations: failedActivations } });
}

/** Remarks are kept only for callers allowed to write them; for others the field is ignored. */
export function keptComment(ctx: Ctx, comment: string | null | undefined): string | null {
  return callerOf(ctx).permissions.has('multi apps activation-remarks') ? comment?.trim() || null : null;
}

async function activate({ ctx, input, requestId }: { ctx: Ctx; input: BulkActivateBody; requestId: string | null }) {
  const me = callerOf(ctx);
  const request = input.requestData;
  const pkg = packageOfTrialCode(request.is_trial)!;
  const appIds = request.app_ids;
  const mac = request.macAddress;
  const cost = activationCost(pkg, appIds.length);
  const email = request.email?.trim().toLowerCase();
  if (email && email !== me.email.toLowerCase()) throw fieldError('email', 'activation.emailNotOwn');
  const comment = keptComment(ctx, request.comment);

  if (request.isConfirmed === false) {
    const { allowedCount, checks } = await checkApps(ctx, ctx.db, mac, appIds);
    if (allowedCount === 0) throw new AppError('NO_APPS_TO_ACTIVATE');
    assertActivatable(checks);
    return {
      status: true as const,
      msg: translate(ctx.locale, 'activation.price', { count: cost }),
      activated: false,
      credit_points: cost,
      credit_point: await balanceOf(ctx),
      activated_devices: [],
      successful_count: 0,
      failed_activations: [],
    };
  }

  if (request.creditPoints !== undefined && request.creditPoints !== null && request.creditPoints !== cost) {
    throw new AppError('PRICE_CHANGED', { params: { count: cost, shown: request.creditPoints } });
  }

  const fingerprint = ['activate', mac, [...appIds].sort((a, b) => a - b), pkg, comment];
  return once(ctx, requestId, fingerprint, async (tx) => {
    const charged = await chargeActivation(ctx, tx, { mac, appIds, pkg, comment, requestId, from: 'multi-app' });
    return {
      status: true as const,
      msg: translate(ctx.locale, 'activation.activated', { count: charged.activated.length }),
      activated: true,
      credit_points: charged.cost,
      credit_point: charged.balance,
      activated_devices: charged.activated,
      successful_count: charged.activated.length,
      failed_activations: [],
    };
  });
}

export type ActivationRequest = {
  mac: string;
  appIds: number[];
  pkg: ActivationPackage;
  comment: string | null;
  requestId: string | null;
  /** Where the activation was made, as the activation rows record it. */
  from: 'multi-app' | 'bulk-file' | 'storefront';
};

/**
 * One paid activation inside the caller's transaction: the check of every app (devices locked),
 * the devices' new expiry, the debit with its ledger row and the activation rows. Answers plain
 * values (it is stored as a replayable answer). Any refusal throws, and the transaction rolls back.
 */
export async function chargeActivation(ctx: Ctx, tx: Tx, request: ActivationRequest, catalogue?: Catalogue) {
  const me = callerOf(ctx);
  const { mac, appIds, pkg } = request;
  const cost = activationCost(pkg, appIds.length);
  const { allowedCount, checks, now } = await checkApps(ctx, tx, mac, appIds, { lock: true, catalogue });
  if (allowedCount === 0) throw new AppError('NO_APPS_TO_ACTIVATE');
  assertActivatable(checks);
  const shares = splitCost(cost, appIds.length);
  const activated = appIds.map((id, i) => {
    const { device, appName } = checks.get(id)!;
    return { device: device!, appName: appName!, expiry: newExpiry(pkg, device!, now), share: shares[i]! };
  });
  // The devices are locked already: they are updated (and the undo window read) before the
  // account is touched, so the caller's balance row (every activation of this reseller queues on
  // it) stays locked for as few statements as possible. An insufficient balance rolls all of it back.
  const undoHours = await undoWindowHours(tx);
  const previous: repo.PreviousDeviceState[] = [];
  for (const a of activated) {
    previous.push(await repo.setDeviceActivation(tx, a.device.id, { expireDate: a.expiry, lifetime: pkg === 'Lifetime', activatedBy: me.userId }));
  }
  const lifetime = pkg === 'Lifetime';
  const soonest = lifetime ? null : new Date(Math.min(...activated.map((a) => a.expiry.getTime()))).toISOString();
  const rowsToInsert = activated.map((a, i) => ({
    deviceId: a.device.id,
    applicationId: a.device.applicationId,
    macAddress: a.device.macAddress,
    resellerId: me.userId,
    ledgerId: moved.ledgerId,
    package: pkg,
    creditPoint: a.share,
    boxExpiryDate: a.expiry,
    comment: request.comment,
    activatedFrom: request.from,
    // The device as it was, for an undo (issue 27).
    prevExpireDate: repo.exactTime(previous[i]!.prevExpireDate),
    prevLifetime: previous[i]!.prevLifetime,
    prevIsTrial: previous[i]!.prevIsTrial,
    prevActivatedBy: previous[i]!.prevActivatedBy,
    prevActivatedAt: repo.exactTime(previous[i]!.prevActivatedAt),
  }));
  const sale = repo.activationsWithDebit(tx, rowsToInsert);
  // The event's balance and ledger id are the debit's: written in its statement too.
  const event = emitWithin(
    ctx,
    tx,
    me.userId,
    'activation.succeeded',
    {
      device: { mac_address: activated[0]!.device.macAddress },
      apps: activated.map((a) => ({ id: a.device.applicationId, name: a.appName, device_id: a.device.id, expires_at: lifetime ? null : a.expiry.toISOString() })),
      package: pkg,
      expires_at: soonest,
      cost,
      source: request.from,
    },
    { balance_after: moved.debitorBalance, ledger_id: moved.ledgerId },
  );
  // One statement for the debit (its row locks itself), its ledger and audit rows, the activation
  // rows and the event's outbox row: the caller's balance row, on which every activation of this
  // reseller queues, stays locked for it and the commit. The activation rows' insert also writes
  // the sale's roll-up record, folded after the commit (db/functions/insight_activations_inserted.sql).
  const charged = await transfer(
    ctx,
    tx,
    {
      trType: CREDIT_TR_TYPES.activation,
      amount: cost,
      debitorId: me.userId,
      creditorId: null,
      reason: 'activation',
      requestId: request.requestId,
      insufficient: () => new AppError('INSUFFICIENT_CREDIT'),
    },
    { writes: { ...sale.writes, ...(event && { event }) }, written: sale.written },
  );
  const inserted = new Map(repo.insertedActivations(charged.written).map((row) => [row.deviceId, row]));
  const rows = activated.map((a) => inserted.get(a.device.id)!);
  recordAfterCommit(ctx, tx, (metrics) => {
    for (const a of activated) metrics.activation(a.appName, pkg, request.from);
  });
  return {
    cost,
    balance: charged.debitorBalance!,
    ledgerId: charged.ledgerId,
    activated: activated.map((a, i) => ({
      mac_address: a.device.macAddress,
      expire_date: a.expiry.toISOString(),
      module: a.appName,
      is_lifetime: pkg === 'Lifetime',
      activation_id: rows[i]!.id,
      undo_until: undoUntil(rows[i]!.createdAt, undoHours),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Activated apps list and activation logs
// ---------------------------------------------------------------------------------------------

/** Activations by the caller's reach: every one for an admin, else its own and its sub-resellers'. */
const reachFilter = async (ctx: Ctx) => repo.byAccounts(await idsInReach(ctx));
export const inReach = async (ctx: Ctx) => whereOf([await reachFilter(ctx)]);

type ListFilters = {
  search_type?: 'general' | 'mac' | null;
  keyword?: string | null;
  macAddress?: string | null;
  moduleType?: number | string | null;
  start_date?: string | null;
  end_date?: string | null;
};

/**
 * Searches of fewer than 3 characters are ignored (core-panel.md §5); MAC parts are compared in
 * the stored form. The MAC search matches the start of the address, the general one anywhere.
 */
async function listFilters(ctx: Ctx, filters: ListFilters) {
  const db = ctx.db;
  const keyword = filters.keyword?.trim() ?? '';
  const mac = filters.macAddress ? normaliseMac(filters.macAddress) : '';
  const searched = keyword.length >= SEARCH_MIN_LENGTH;
  return [
    await reachFilter(ctx),
    searched && filters.search_type === 'mac' ? repo.macStartsWith(normaliseMac(keyword)) : undefined,
    searched && filters.search_type !== 'mac' ? repo.generalSearch(db, keyword, normaliseMac(keyword)) : undefined,
    mac.length >= SEARCH_MIN_LENGTH ? repo.macStartsWith(mac) : undefined,
    repo.moduleCondition(db, filters.moduleType),
    filters.start_date ? repo.createdFrom(new Date(filters.start_date)) : undefined,
    filters.end_date ? repo.createdBefore(rangeEnd(filters.end_date)) : undefined,
  ];
}

function toRecord(row: repo.ActivationListRow, showComment: boolean, undoHours: number): ActivationRecord {
  return {
    id: row.id,
    module: row.module,
    app_id: row.applicationId,
    mac_address: row.macAddress,
    reseller_id: row.resellerId,
    reseller_detail: { email: row.resellerEmail },
    package: row.package,
    box_expiry_date: row.boxExpiryDate.toISOString(),
    is_lifetime: row.package === 'Lifetime',
    credit_point: row.creditPoint,
    comment: showComment ? row.comment : null,
    activated_from: row.activatedFrom,
    created_at: row.createdAt.toISOString(),
    refunded_at: row.refundedAt?.toISOString() ?? null,
    undo_until: row.refundedAt || !row.undoable ? null : undoUntil(row.createdAt, undoHours),
  };
}

async function page(
  ctx: Ctx,
  filters: ListFilters,
  paging: { number: number; size: number; sortKey?: repo.ActivationSortKey | null; sortType?: string | null },
  showComment: boolean,
) {
  const { entries, total, totalCapped, undoWindow } = await repo.activationPage(ctx.db, await listFilters(ctx, filters), {
    number: paging.number,
    size: paging.size,
    sortKey: paging.sortKey ?? 'created_at',
    sortType: paging.sortType?.toLowerCase() === 'asc' ? 'asc' : 'desc',
  });
  const undoHours = undoHoursOf(undoWindow);
  return {
    data: entries.map((e) => toRecord(e, showComment, undoHours)),
    current_page: paging.number,
    last_page: Math.max(1, Math.ceil(total / paging.size)),
    total,
    total_capped: totalCapped,
  };
}

/** POST /api/activated-apps-list. */
export async function activatedApps({ ctx, input }: { ctx: Ctx; input: ActivatedAppsBody }) {
  const r = input.requestData;
  return page(ctx, r, { number: r.pageNumber, size: r.pageSize, sortKey: r.sort_key, sortType: r.sort_type }, true);
}

/** POST /api/activation-logs: the Remarks column only for callers with 'remarks-trans-logs'. */
export async function activationLogs({ ctx, input }: { ctx: Ctx; input: ActivationLogsBody }) {
  const showComment = callerOf(ctx).permissions.has('remarks-trans-logs');
  return page(
    ctx,
    { ...input, macAddress: input.mac_address },
    { number: input.page_number, size: input.page_size, sortKey: input.sort_key, sortType: input.sort_type },
    showComment,
  );
}

/** POST /api/update-comment: the remark of an activation within the caller's reach. */
export async function updateComment({ ctx, input }: { ctx: Ctx; input: UpdateCommentBody }) {
  const comment = input.comment?.trim() || null;
  // Read before the transaction: on PGlite's one connection a read outside it would wait for it.
  const reach = await inReach(ctx);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.findActivation(tx, input.id, reach);
    if (!row) throw new AppError('NOT_FOUND');
    await repo.setComment(tx, input.id, comment);
    await audit(ctx, { action: 'activation.comment', targetType: 'activation', targetId: input.id, details: { from: row.comment, to: comment } }, tx);
  });
}

/**
 * GET /api/activation-log-dashboard: activations in reach over the last DASHBOARD_CHART_DAYS days,
 * undone ones left out as Insights counts them, per module: every module the caller may activate (0 when none), then any other module that
 * still has activations in the period.
 */
export async function activationDashboard(ctx: Ctx) {
  const since = new Date(Date.now() - DASHBOARD_CHART_DAYS * 86_400_000);
  const [counts, allowed] = await Promise.all([
    inReach(ctx).then((reach) => repo.countsByApplication(ctx.db, and(reach, conditionOf(repo.createdFrom(since)), conditionOf(repo.notUndone)))),
    allowedApplications(ctx),
  ]);
  const byApp = new Map(counts.map((c) => [c.applicationId, Number(c.value)]));
  const listed = new Set(allowed.map((a) => a.id));
  const others = await repo.applicationsByIds(ctx.db, [...byApp.keys()].filter((id) => !listed.has(id)));
  return [
    ...allowed.map((a) => ({ name: a.app_name, value: byApp.get(a.id) ?? 0 })),
    ...others.sort((a, b) => a.appName.localeCompare(b.appName)).map((a) => ({ name: a.appName, value: byApp.get(a.id)! })),
  ];
}

/**
 * POST api/activation-report-download-reseller-list: one reseller's activations (the caller's own,
 * or a reseller within its reach), optionally of one module (its id or name).
 */
export async function activationReport({ ctx, input }: { ctx: Ctx; input: ActivationReportBody }) {
  const me = callerOf(ctx);
  if (input.reseller_id !== me.userId) await targetWithinReach(ctx, input.reseller_id, { includeRemoved: true });
  const where = whereOf([repo.ofReseller(input.reseller_id), repo.moduleCondition(ctx.db, input.moduleType)]);
  return csvReport({
    header: [...ACTIVATION_REPORT_COLUMNS],
    batch: (afterId, size) => repo.activationBatch(ctx.db, where, afterId, size),
    line: (r) => [
      r.id,
      r.module,
      r.macAddress,
      r.resellerEmail,
      r.boxExpiryDate.toISOString(),
      r.creditPoint,
      r.comment,
      r.activatedFrom,
      r.createdAt.toISOString(),
    ],
    empty: () => new AppError('C10012', { key: 'credit.noRecordsReseller' }),
  });
}
