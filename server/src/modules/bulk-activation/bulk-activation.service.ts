import crypto from 'node:crypto';
import {
  activationCost,
  BLOCKING_MULTI_APP_STATUSES,
  BULK_APPS_SEPARATOR,
  BULK_CSV_HEADER,
  BULK_PACKAGES,
  COMMENT_MAX_LENGTH,
  IDEMPOTENCY_HOURS,
  MAC_PATTERN,
  MAX_ACTIVATION_APPS,
  normaliseMac,
  translate,
  type ActivationPackage,
  type BulkActivationResult,
  type BulkRowResult,
} from '@panel/contract';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { recordRefusal } from '../insights/insights.service.js';
import { catalogueOf, chargeActivation, checkApps, keptComment, type Catalogue } from '../activation/activation.service.js';
import * as idempotency from '../../lib/idempotency.js';
import { balanceOf } from '../credit/credit.service.js';
import { readBulkFile, type FileRow } from './bulk-file.js';

/** A row the file states well enough to be checked against the devices. */
type Request = { row: number; mac: string; appIds: number[]; apps: string[]; packageText: string; pkg: ActivationPackage; comment: string | null };
type Refused = { row: number; mac: string; apps: string[]; packageText: string; message: string };

const refused = (r: Omit<Refused, 'message'>, message: string): Refused => ({ ...r, message });

/** Reads a row's cells as the multi-app activation reads a request; the first problem refuses the row. */
function requestOf(ctx: Ctx, { row, cells }: FileRow, byName: Map<string, { id: number; appName: string }>): Request | Refused {
  const [macCell = '', appsCell = '', packageCell = '', commentCell = '', ...extra] = cells;
  const names = [...new Set(appsCell.split(BULK_APPS_SEPARATOR).map((name) => name.trim()).filter(Boolean))];
  const known = names.map((name) => byName.get(name.toLowerCase()));
  const apps = names.map((name, i) => known[i]?.appName ?? name);
  const packageText = packageCell.toLowerCase();
  const base = { row, mac: MAC_PATTERN.test(macCell) ? normaliseMac(macCell) : macCell, apps, packageText };
  const t = (key: string, params: Record<string, string | number> = {}) => translate(ctx.locale, key, params);
  if (extra.length > 0) return refused(base, t('bulk.row.tooManyCells', { cells: cells.length, header: BULK_CSV_HEADER.join(', ') }));
  if (!MAC_PATTERN.test(macCell)) return refused(base, t(macCell === '' ? 'validation.macRequired' : 'validation.macInvalid'));
  if (names.length === 0) return refused(base, t('bulk.row.appsMissing'));
  if (names.length > MAX_ACTIVATION_APPS) return refused(base, t('bulk.row.tooManyApps', { max: MAX_ACTIVATION_APPS }));
  const unknown = names.find((_, i) => known[i] === undefined);
  if (unknown !== undefined) return refused(base, t('bulk.row.unknownApp', { app: unknown }));
  // Own keys only: a cell reading `constructor` is no package.
  const pkg = Object.hasOwn(BULK_PACKAGES, packageText) ? BULK_PACKAGES[packageText] : undefined;
  if (!pkg) return refused(base, t('bulk.row.packageInvalid', { oneYear: '1-year', lifetime: 'lifetime' }));
  if (commentCell.length > COMMENT_MAX_LENGTH || commentCell.includes('\u0000')) return refused(base, t('bulk.row.commentTooLong', { max: COMMENT_MAX_LENGTH }));
  return { ...base, appIds: known.map((app) => app!.id), pkg, comment: keptComment(ctx, commentCell) };
}

/** The reason of a refused activation in the caller's language, naming the app when it is one app's. */
function reasonOf(ctx: Ctx, error: AppError, catalogue: Catalogue): string {
  const field = Object.entries(error.options.fields ?? {}).find(([name]) => name.startsWith('app_ids.'));
  if (!field) return translate(ctx.locale, error.key, error.options.params);
  const app = catalogue.apps.get(Number(field[0].slice('app_ids.'.length)));
  return `${app?.appName ?? ''}: ${translate(ctx.locale, field[1][0]!)}`;
}

const rowResult = (r: Request | Refused, status: BulkRowResult['status'], message: string, cost = 0, expiry: string | null = null): BulkRowResult => ({
  row: r.row,
  mac_address: r.mac,
  apps: r.apps,
  package: r.packageText,
  status,
  message,
  cost,
  expire_date: expiry,
});

/** What the file and the catalogue say of each row before any device is read. */
async function readRows(ctx: Ctx, bytes: Buffer | undefined) {
  const fileRows = readBulkFile(bytes);
  const catalogue = await catalogueOf(ctx, ctx.db);
  const byName = new Map([...catalogue.apps].map(([id, app]) => [app.appName.toLowerCase(), { id, appName: app.appName }]));
  return { catalogue, requests: fileRows.map((row) => requestOf(ctx, row, byName)) };
}

function summary(dryRun: boolean, rows: BulkRowResult[], balance: number): BulkActivationResult {
  const ok = rows.filter((r) => r.status === 'ok');
  return { dry_run: dryRun, rows, total_cost: ok.reduce((sum, r) => sum + r.cost, 0), activated: ok.length, failed: rows.length - ok.length, credit_point: balance };
}

/**
 * A dry run: each row checked as a real run would check it with today's balance and devices,
 * and nothing written. Rows are weighed in order against the balance left by the rows before,
 * and a device made lifetime by an earlier row refuses a later one, as the real run would.
 */
async function dryRun(ctx: Ctx, bytes: Buffer | undefined): Promise<BulkActivationResult> {
  const { catalogue, requests } = await readRows(ctx, bytes);
  const balance = await balanceOf(ctx);
  let left = balance;
  const lifetimeBefore = new Set<string>();
  const rows: BulkRowResult[] = [];
  for (const r of requests) {
    if (!('pkg' in r)) {
      rows.push(rowResult(r, 'error', r.message));
      continue;
    }
    const { allowedCount, checks } = await checkApps(ctx, ctx.db, r.mac, r.appIds, { catalogue });
    const blocked = [...checks].find(([id, c]) => BLOCKING_MULTI_APP_STATUSES.includes(c.status) || lifetimeBefore.has(`${r.mac} ${id}`));
    const cost = activationCost(r.pkg, r.appIds.length);
    let message: string;
    if (allowedCount === 0) message = translate(ctx.locale, 'errors.noAppsToActivate');
    else if (blocked) {
      const key = BLOCKING_MULTI_APP_STATUSES.includes(blocked[1].status) ? blocked[1].key : 'activation.check.lifeTime';
      message = `${blocked[1].appName ?? ''}: ${translate(ctx.locale, key)}`;
    } else if (cost > left) message = translate(ctx.locale, 'errors.insufficientCredit');
    else {
      left -= cost;
      if (r.pkg === 'Lifetime') for (const id of r.appIds) lifetimeBefore.add(`${r.mac} ${id}`);
      rows.push(rowResult(r, 'ok', translate(ctx.locale, 'bulk.row.ready', { apps: r.apps.join(', '), mac: r.mac }), cost));
      continue;
    }
    rows.push(rowResult(r, 'error', message));
  }
  return summary(true, rows, balance);
}

/** A real run's progress is saved this often (rows), for GET /api/bulk-activations/progress. */
const PROGRESS_EVERY = 100;
/** A run whose progress has not moved for this long stopped (its node went away): a repeat may take it over. */
const STALE_RUN_MS = 60_000;

type RunState = { fingerprint?: string; progress?: { done: number; total: number }; at?: string; body?: BulkActivationResult };

const runKey = (ctx: Ctx, requestId: string) => `${callerOf(ctx).userId}:bulk:${requestId}`;

/**
 * A real run: the rows in order, each one transaction (devices, charge with its ledger row,
 * activation rows), so a refused row changes nothing and the rows after it still run. With a
 * request id the run is claimed first: a repeat answers the first run's result and charges
 * nothing; each row also carries its own id, so a run taken over after its node stopped never
 * charges a row twice.
 */
async function realRun(ctx: Ctx, bytes: Buffer | undefined, requestId: string | null): Promise<BulkActivationResult> {
  const fingerprint = crypto.createHash('sha256').update(bytes ?? Buffer.alloc(0)).digest('hex');
  const key = requestId === null ? null : runKey(ctx, requestId);
  if (key !== null && !(await idempotency.claimIdempotencyKey(ctx.db, key, IDEMPOTENCY_HOURS))) {
    const stored = await idempotency.storedAnswer(ctx.db, key);
    const state = (stored?.response ?? {}) as RunState;
    if (state.fingerprint !== undefined && state.fingerprint !== fingerprint) throw new AppError('CONFLICT', { key: 'credit.requestIdReused' });
    if (stored?.statusCode === 200 && state.body) return state.body;
    const stale = state.at === undefined || Date.now() - Date.parse(state.at) > STALE_RUN_MS;
    if (!stale) throw new AppError('CONFLICT', { key: 'bulk.inProgress' });
  }
  const { catalogue, requests } = await readRows(ctx, bytes);
  const save = (state: RunState) => (key === null ? Promise.resolve() : idempotency.storeAnswer(ctx.db, key, state.body ? 200 : 0, { fingerprint, ...state }));
  const progress = (done: number) => save({ progress: { done, total: requests.length }, at: new Date().toISOString() });
  await progress(0);

  const rows: BulkRowResult[] = [];
  for (const [index, r] of requests.entries()) {
    if (index > 0 && index % PROGRESS_EVERY === 0) await progress(index);
    if (!('pkg' in r)) {
      rows.push(rowResult(r, 'error', r.message));
      continue;
    }
    const rowId = requestId === null ? null : `bulk:${requestId}#${r.row}`;
    try {
      const charged = await idempotency.once(ctx, rowId, ['bulk-row', r.mac, r.appIds, r.pkg, r.comment], (tx) =>
        chargeActivation(ctx, tx, { mac: r.mac, appIds: r.appIds, pkg: r.pkg, comment: r.comment, requestId: rowId, from: 'bulk-file' }, catalogue),
      );
      const soonest = charged.activated.map((a) => a.expire_date).sort()[0]!;
      // The expiry goes in its own field (and column), written in the reader's date style by the panel.
      const message = translate(ctx.locale, r.pkg === 'Lifetime' ? 'bulk.row.activatedLifetime' : 'bulk.row.activated', { apps: r.apps.join(', '), mac: r.mac });
      rows.push({
        ...rowResult(r, 'ok', message, charged.cost, soonest),
        activation_ids: charged.activated.map((a) => a.activation_id),
        undo_until: charged.activated[0]!.undo_until,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await recordRefusal(ctx, error);
      rows.push(rowResult(r, 'error', reasonOf(ctx, error, catalogue)));
    }
  }
  const result = summary(false, rows, await balanceOf(ctx));
  await save({ body: result, progress: { done: requests.length, total: requests.length }, at: new Date().toISOString() });
  return result;
}

/** POST /api/bulk-activations. */
export function bulkActivations({ ctx, file, dryRun: dry, requestId }: { ctx: Ctx; file: Buffer | undefined; dryRun: boolean; requestId: string | null }) {
  return dry ? dryRun(ctx, file) : realRun(ctx, file, requestId);
}

/** GET /api/bulk-activations/progress: what the caller's run with this request id has done so far. */
export async function bulkProgress(ctx: Ctx, requestId: string) {
  const stored = await idempotency.storedAnswer(ctx.db, runKey(ctx, requestId));
  const state = (stored?.response ?? {}) as RunState;
  if (!stored || !state.progress) return { started: false, done: 0, total: 0, finished: false };
  return { started: true, ...state.progress, finished: stored.statusCode === 200 };
}
