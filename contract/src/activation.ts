import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE } from './constants.js';
import { activationReportBody, dateField, dateRangeChecks } from './credit.js';
import { endpoint } from './endpoint.js';
import { bodyPageNumber, bodyPageSize, defaultedField, idLike, idParam, keywordField, moduleTypeField, noNul, optionalField, sortTypeField } from './fields.js';
import { errorEnvelope, ok, okEnvelope } from './common.js';
import { booleanFlag, macAddressField } from './devices.js';

/**
 * Activation (business-panel.md §4, §9; core-panel.md activation logs): the multi-app check and
 * activation, the activated apps list, activation logs and the undo of an activation.
 */

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const MAX_ACTIVATION_APPS = 4;
export const ACTIVATION_PACKAGES = ['1-Year', 'Lifetime'] as const;
export type ActivationPackage = (typeof ACTIVATION_PACKAGES)[number];
/** The `is_trial` code a multi-app activation sends for each package (business-panel.md §9). */
export const PACKAGE_TRIAL_CODES: Record<ActivationPackage, number> = { '1-Year': 3, Lifetime: 2 };
export const COMMENT_MAX_LENGTH = 255;
/** The dashboard chart counts the activations of this many last days. */
export const DASHBOARD_CHART_DAYS = 30;

/**
 * Credit one activation request costs (business-panel.md §9): 1-Year 1 for one app and 2 for
 * several; Lifetime 2 for one app and 4 for several.
 */
export function activationCost(pkg: ActivationPackage, appCount: number): number {
  if (appCount < 1) return 0;
  const single = appCount === 1;
  return pkg === '1-Year' ? (single ? 1 : 2) : single ? 2 : 4;
}

export function packageOfTrialCode(code: number): ActivationPackage | undefined {
  return code === PACKAGE_TRIAL_CODES['1-Year'] ? '1-Year' : code === PACKAGE_TRIAL_CODES.Lifetime ? 'Lifetime' : undefined;
}

const optionalDate = optionalField(dateField);

export const SEARCH_TYPES = ['general', 'mac'] as const;

// ---------------------------------------------------------------------------------------------
// The multi-app check
// ---------------------------------------------------------------------------------------------

/** 1 to MAX_ACTIVATION_APPS distinct app ids, as numbers or digits: what one activation (or a product selling one) covers. */
export const appIdList = z
  .array(idLike, 'validation.appsRequired')
  .check(
    z.minLength(1, 'validation.appsRequired'),
    z.maxLength(MAX_ACTIVATION_APPS, 'validation.tooManyApps'),
    z.refine((ids) => new Set(ids).size === ids.length, 'validation.duplicateApps'),
  );

/** POST /api/check-device-status-multi-app. */
export const checkMultiAppBody = z.object({ macAddress: macAddressField(), app_id: appIdList });
export type CheckMultiAppBody = z.infer<typeof checkMultiAppBody>;

/** Only `active`, `expired` and `trial` may be activated (business-panel.md §4). */
export const MULTI_APP_STATUSES = ['disabled', 'error', 'lifeTime', 'active', 'expired', 'trial'] as const;
export type MultiAppStatus = (typeof MULTI_APP_STATUSES)[number];
export const BLOCKING_MULTI_APP_STATUSES: readonly MultiAppStatus[] = ['disabled', 'error', 'lifeTime'];

export const multiAppCheck = z.object({ status: z.enum(MULTI_APP_STATUSES), message: z.string(), expire_date: z.nullable(z.string()) });
export type MultiAppCheck = z.infer<typeof multiAppCheck>;

export const checkMultiAppAnswer = ok({ data: z.object({ responseDataArray: z.record(z.string(), multiAppCheck) }) });
export type CheckMultiAppAnswer = z.infer<typeof checkMultiAppAnswer>;

// ---------------------------------------------------------------------------------------------
// Multi-app activation
// ---------------------------------------------------------------------------------------------

/** POST /api/bulk-multi-app-activate. `is_trial` 3 is 1-Year, 2 Lifetime; the server computes the cost. */
export const bulkActivateBody = z.object({
  /** The apps' names as the form shows them; informative only, `requestData.app_ids` decides. */
  modules: optionalField(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(MAX_ACTIVATION_APPS, 'validation.tooManyApps'))),
  requestData: z.object({
    is_trial: z.pipe(
      z.union([z.number('validation.packageRequired'), z.pipe(z.string().check(z.regex(/^\d$/, 'validation.packageRequired')), z.transform(Number))]),
      z.int().check(z.refine((n) => packageOfTrialCode(n) !== undefined, 'validation.packageRequired')),
    ),
    macAddress: macAddressField(),
    appType: optionalField(z.literal('multi-app', 'validation.invalid')),
    /** The paying account's e-mail: the caller's own (any other is refused). */
    email: optionalField(z.string().check(z.maxLength(255))),
    /** The cost the client showed; when given it must equal the server's, or nothing is charged. */
    creditPoints: optionalField(z.number()),
    /** False asks for the price only: nothing is charged until the client confirms. */
    isConfirmed: optionalField(booleanFlag),
    comment: optionalField(z.string().check(z.trim(), z.maxLength(COMMENT_MAX_LENGTH, 'validation.tooLong'), noNul)),
    app_ids: appIdList,
  }),
});
export type BulkActivateBody = z.infer<typeof bulkActivateBody>;

export const activatedDevice = z.object({
  mac_address: z.string(),
  expire_date: z.string(),
  module: z.string(),
  is_lifetime: z.boolean(),
  /** The activation row of this app (issue 27): what `POST /api/activations/:id/undo` takes. Absent on answers stored before. */
  activation_id: z.optional(z.number()),
  /** Until when the activation may be undone (ISO time); null when undo is turned off. */
  undo_until: z.optional(z.nullable(z.string())),
});

/** An app a multi-app activation did not activate, and why, in the caller's language. */
export const failedActivation = z.object({ mac_address: z.string(), app_id: z.number(), module: z.string(), error: z.string() });

export const bulkActivateAnswer = ok({
  /** False when the request only asked for the price (`isConfirmed` false). */
  activated: z.boolean(),
  credit_points: z.number(),
  /** The caller's balance after the request. */
  credit_point: z.number(),
  activated_devices: z.array(activatedDevice),
  /** How many apps were activated (what reseller bots check), and none failed: activation is all or nothing. */
  successful_count: z.number(),
  failed_activations: z.array(failedActivation),
});

/** A refused activation: the error envelope, nothing activated, and each app that could not be with its reason. */
export const activationRefusal = z.extend(errorEnvelope, {
  successful_count: z.optional(z.number()),
  failed_activations: z.optional(z.array(failedActivation)),
});
export type BulkActivateAnswer = z.infer<typeof bulkActivateAnswer>;

// ---------------------------------------------------------------------------------------------
// Activated apps list and activation logs
// ---------------------------------------------------------------------------------------------

export const ACTIVATION_SORT_KEYS = ['created_at', 'id', 'mac_address', 'box_expiry_date', 'credit_point', 'module'] as const;

/** POST /api/activated-apps-list. */
export const activatedAppsBody = z.object({
  requestData: z
    .object({
      /** An application id (or its name) to show one module; empty for all. */
      moduleType: moduleTypeField,
      pageNumber: defaultedField(bodyPageNumber, 1),
      pageSize: defaultedField(bodyPageSize, DEFAULT_PAGE_SIZE),
      keyword: keywordField,
      search_type: optionalField(z.enum(SEARCH_TYPES, 'validation.invalid')),
      sort_key: optionalField(z.enum(ACTIVATION_SORT_KEYS, 'validation.invalid')),
      sort_type: sortTypeField,
      start_date: optionalDate,
      end_date: optionalDate,
    })
    .check(...dateRangeChecks()),
});
export type ActivatedAppsBody = z.infer<typeof activatedAppsBody>;

/** An activated device record (business-panel.md §3) and an activation log (core-panel.md §3). */
export const activationRecord = z.object({
  id: z.number(),
  module: z.string(),
  app_id: z.number(),
  mac_address: z.string(),
  reseller_id: z.number(),
  reseller_detail: z.object({ email: z.string() }),
  package: z.enum(ACTIVATION_PACKAGES),
  box_expiry_date: z.string(),
  is_lifetime: z.boolean(),
  credit_point: z.number(),
  comment: z.nullable(z.string()),
  activated_from: z.string(),
  created_at: z.string(),
  /** When the activation was undone (its cost refunded, the device put back); null otherwise (issue 27). */
  refunded_at: z.nullable(z.string()),
  /** Until when an undo may be asked (ISO time): null when undone, made before undo existed, or undo is off. The server still checks the device. */
  undo_until: z.nullable(z.string()),
});
export type ActivationRecord = z.infer<typeof activationRecord>;

export const activationPage = z.object({
  data: z.array(activationRecord),
  current_page: z.number(),
  last_page: z.number(),
  total: z.number(),
  total_capped: z.boolean(),
});
export const activatedAppsAnswer = ok({ data: activationPage });
export type ActivatedAppsAnswer = z.infer<typeof activatedAppsAnswer>;

/** POST /api/activation-logs (core-panel.md §7). */
export const activationLogsBody = z
  .object({
    page_number: defaultedField(bodyPageNumber, 1),
    page_size: defaultedField(bodyPageSize, DEFAULT_PAGE_SIZE),
    search_type: optionalField(z.enum(SEARCH_TYPES, 'validation.invalid')),
    keyword: keywordField,
    mac_address: keywordField,
    sort_key: optionalField(z.enum(ACTIVATION_SORT_KEYS, 'validation.invalid')),
    sort_type: sortTypeField,
    start_date: optionalDate,
    end_date: optionalDate,
  })
  .check(...dateRangeChecks());
export type ActivationLogsBody = z.infer<typeof activationLogsBody>;
export const activationLogsAnswer = ok({ data: activationPage });
export type ActivationLogsAnswer = z.infer<typeof activationLogsAnswer>;

/** POST /api/update-comment. */
export const updateCommentBody = z.object({
  id: idLike,
  comment: z.nullable(z.string().check(z.trim(), z.maxLength(COMMENT_MAX_LENGTH, 'validation.tooLong'), noNul)),
});
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

/** GET /api/activation-log-dashboard: activations per module over the last DASHBOARD_CHART_DAYS days. */
export const activationDashboardAnswer = ok({
  data: z.object({ UserActiTranLogs: z.array(z.object({ name: z.string(), value: z.number() })) }),
});
export type ActivationDashboardAnswer = z.infer<typeof activationDashboardAnswer>;

// ---------------------------------------------------------------------------------------------
// Undo of an activation (issue 27)
// ---------------------------------------------------------------------------------------------

/** The undo window when the admin never set one, in hours; 0 turns undo off. */
export const UNDO_WINDOW_DEFAULT_HOURS = 24;
export const UNDO_WINDOW_MAX_HOURS = 720;

/** POST /api/activations/:id/undo: what was refunded, to whom, and the payer's balance after. */
export const undoActivationAnswer = ok({
  data: z.object({
    id: z.number(),
    refunded_at: z.string(),
    /** The activation row's share of its request's cost, now back on the payer's account. */
    credit_points: z.number(),
    reseller_id: z.number(),
    /** The payer's balance after the refund. */
    credit_point: z.number(),
    /** The `Refund` ledger row; null when the row's share was 0 (a multi-app request's cost split over more apps than points). */
    refund_ledger_id: z.nullable(z.number()),
    /** The device as it is again. */
    device: z.object({ mac_address: z.string(), app_id: z.number(), expire_date: z.string(), is_lifetime: z.boolean(), is_trial: z.number() }),
  }),
});
export type UndoActivationAnswer = z.infer<typeof undoActivationAnswer>;

/** GET/PATCH /api/settings/activation-undo: the admin's undo window, in whole hours (0: undo off). */
export const undoSettings = z.object({ undo_window_hours: z.number() });
export type UndoSettings = z.infer<typeof undoSettings>;
export const undoSettingsBody = z.object({
  undo_window_hours: z.int('validation.undoWindow').check(z.minimum(0, 'validation.undoWindow'), z.maximum(UNDO_WINDOW_MAX_HOURS, 'validation.undoWindow')),
});
export type UndoSettingsBody = z.infer<typeof undoSettingsBody>;
export const undoSettingsAnswer = ok({ data: undoSettings });

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const tags = ['activation'];

export const checkMultiAppEndpoint = endpoint({
  method: 'POST',
  path: '/check-device-status-multi-app',
  tags,
  permission: 'multi apps activation',
  body: checkMultiAppBody,
  answer: checkMultiAppAnswer,
});

export const bulkActivateEndpoint = endpoint({
  method: 'POST',
  path: '/bulk-multi-app-activate',
  tags,
  permission: 'multi apps activation',
  description:
    'Activates one MAC address in up to 4 apps for one charge. `isConfirmed` false answers the price only; a `request-id` header makes a repeat within 24 hours answer the first result and charge nothing.',
  body: bulkActivateBody,
  answer: bulkActivateAnswer,
  refusal: activationRefusal,
});

/** Whoever may activate may undo: the payer, its parent (the row is in its reach) or an admin. */
export const undoActivationEndpoint = endpoint({
  method: 'POST',
  path: '/activations/:id/undo',
  tags,
  permission: 'multi apps activation',
  description:
    "Undoes one activation row (one app of a request; its `credit_point` is its share of the request's cost): that share goes back to the account that paid it as a `Refund` ledger row, the device gets back the expiry, package, trial flag and owner it had before, and the row shows `refunded_at` in the lists. The payer, its parent or an admin may undo, within the admin's undo window (GET /api/settings/activation-undo; 24 hours by default, 0 turns undo off), while the device has not asked `POST /api/player/status` since the activation and nothing changed it since. Refusals (409, nothing refunded): UNDO_OFF, UNDO_WINDOW_PASSED, UNDO_ALREADY_DONE, UNDO_DEVICE_CHECKED_IN, UNDO_SUPERSEDED (a later activation, a redeemed code or a disable builds on it). Another account's activation: 404. A `request-id` header makes a repeat within 24 hours answer the first result and refund nothing more.",
  params: idParam,
  answer: undoActivationAnswer,
  refusal: errorEnvelope,
});

export const undoSettingsEndpoint = endpoint({
  method: 'GET',
  path: '/settings/activation-undo',
  tags,
  permission: 'security-settings',
  description: 'The undo window of activations, in whole hours (24 when never set; 0: undo is off).',
  answer: undoSettingsAnswer,
});

export const updateUndoSettingsEndpoint = endpoint({
  method: 'PATCH',
  path: '/settings/activation-undo',
  tags,
  permission: 'security-settings',
  description:
    'Sets the undo window of activations: whole hours from 0 (undo off) to 720. It applies at once, to earlier activations too. Needs a recent step-up when the account has a second factor (403 STEP_UP_REQUIRED).',
  body: undoSettingsBody,
  answer: undoSettingsAnswer,
});

export const activatedAppsEndpoint = endpoint({
  method: 'POST',
  path: '/activated-apps-list',
  tags,
  permission: 'platform-users list',
  body: activatedAppsBody,
  answer: activatedAppsAnswer,
});

export const activationLogsEndpoint = endpoint({
  method: 'POST',
  path: '/activation-logs',
  tags,
  permission: 'transactions-logs',
  body: activationLogsBody,
  answer: activationLogsAnswer,
});

export const updateCommentEndpoint = endpoint({
  method: 'POST',
  path: '/update-comment',
  tags,
  permission: 'multi apps activation-remarks',
  body: updateCommentBody,
  answer: okEnvelope,
});

/** A dashboard tile: every signed-in caller sees its own reach, as with the other tiles. */
export const activationDashboardEndpoint = endpoint({ method: 'GET', path: '/activation-log-dashboard', tags, answer: activationDashboardAnswer });

/**
 * The Reseller list's activation report, a CSV download. Listed under credit in the API document,
 * with the other report downloads of that screen, as it was before it moved to activation.
 */
export const activationReportEndpoint = endpoint({
  method: 'POST',
  path: '/activation-report-download-reseller-list',
  tags: ['credit'],
  permission: 'download-report',
  body: activationReportBody,
});
