import * as z from 'zod/mini';
import { DEFAULT_PAGE_SIZE, MAC_LENGTH } from './constants.js';
import { dateField, dateRangeChecks } from './credit.js';
import { bodyPageNumber, bodyPageSize, defaultedField, idLike, idLikeField, keywordField, moduleTypeField, noNul, optionalField, sortTypeField } from './fields.js';
import { errorEnvelope, ok } from './common.js';

/**
 * Devices, activation, playlists and APK plans (business-panel.md §3–§9 "Devices and
 * activation", "Playlists and domain"; core-panel.md Check Mac, activation logs; DESIGN.md §5).
 */

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const MAX_ACTIVATION_APPS = 4;
export const ACTIVATION_PACKAGES = ['1-Year', 'Lifetime'] as const;
export type ActivationPackage = (typeof ACTIVATION_PACKAGES)[number];
/** The `is_trial` code a multi-app activation sends for each package (business-panel.md §9). */
export const PACKAGE_TRIAL_CODES: Record<ActivationPackage, number> = { '1-Year': 3, Lifetime: 2 };
/** `is_trial` of the disable and enable calls (§9). */
export const DISABLE_IS_TRIAL = 0;
export const ENABLE_IS_TRIAL = 2;
export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 32;
export const PLAYLIST_TYPES = ['general', 'xc'] as const;
export type PlaylistType = (typeof PLAYLIST_TYPES)[number];
export const PLAYLIST_NAME_MAX_LENGTH = 100;
export const URL_MAX_LENGTH = 2048;
export const COMMENT_MAX_LENGTH = 255;
export const DEVICE_KEY_MAX_LENGTH = 64;
export const MAX_BOXES_PER_REQUEST = 10_000;
/** A lifetime activation's stored expiry: far enough that no comparison ever reaches it. */
export const LIFETIME_EXPIRY = '9999-12-31T00:00:00.000Z';
/** The dashboard chart counts the activations of this many last days. */
export const DASHBOARD_CHART_DAYS = 30;
export const APK_NAME_MAX_LENGTH = 100;
export const APK_DESCRIPTION_MAX_LENGTH = 2000;

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

// ---------------------------------------------------------------------------------------------
// MAC addresses
// ---------------------------------------------------------------------------------------------

/** Six pairs of letters or digits separated by colons or dashes; players send non-hex letters too. */
export const MAC_PATTERN = /^[0-9A-Za-z]{2}([:-][0-9A-Za-z]{2}){5}$/;

/** The stored form: lower-case pairs joined by colons. */
export function normaliseMac(mac: string): string {
  return mac.trim().toLowerCase().replace(/-/g, ':');
}

/**
 * What the MAC inputs show while typing: letters and digits only, in pairs joined by colons, at
 * most 17 characters (six pairs).
 */
export function formatMacInput(raw: string): string {
  const chars = raw.replace(/[^0-9A-Za-z]/g, '').slice(0, 12).toUpperCase();
  return (chars.match(/.{1,2}/g) ?? []).join(':').slice(0, MAC_LENGTH);
}

/** A MAC field: required, the specification's pattern, normalised. Screens word the failure differently. */
export const macAddressField = (invalid = 'validation.macInvalid') =>
  z.pipe(
    z.string('validation.macRequired').check(z.trim(), z.minLength(1, 'validation.macRequired'), z.refine((v) => v === '' || MAC_PATTERN.test(v), invalid)),
    z.transform(normaliseMac),
  );

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

export const httpUrl = (message = 'validation.urlInvalid') =>
  z.pipe(
    z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(URL_MAX_LENGTH, message), noNul),
    z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, message }),
  );
/** Empty or absent means none; otherwise an http(s) URL. */
export const optionalHttpUrl = (message = 'validation.urlInvalid') =>
  z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.maxLength(URL_MAX_LENGTH, message),
        z.refine((v) => v === '' || isHttpUrl(v), message),
      ),
    ),
  );

const httpUrlCheck = z.url({ protocol: /^https?$/, hostname: z.regexes.hostname });
export const isHttpUrl = (value: string): boolean => httpUrlCheck.safeParse(value).success;

/** A boolean as clients send it: true/false, 1/0 or their strings. */
export const booleanFlag = z.pipe(
  z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]),
  z.transform((v: boolean | 0 | 1 | '0' | '1' | 'true' | 'false') => v === true || v === 1 || v === '1' || v === 'true'),
);

const optionalDate = optionalField(dateField);

export const SEARCH_TYPES = ['general', 'mac'] as const;

// ---------------------------------------------------------------------------------------------
// Player API (DESIGN.md §5)
// ---------------------------------------------------------------------------------------------

/**
 * The installation secret a player generates at its first start and keeps (16+ random bytes,
 * sent base64url or hex: 22 to 128 of A–Z, a–z, 0–9, '-', '_'). The panel stores only its hash.
 */
export const DEVICE_SECRET_MIN_LENGTH = 22;
export const DEVICE_SECRET_MAX_LENGTH = 128;
export const deviceSecretField = z
  .string()
  .check(
    z.minLength(DEVICE_SECRET_MIN_LENGTH, 'validation.deviceSecret'),
    z.maxLength(DEVICE_SECRET_MAX_LENGTH, 'validation.deviceSecret'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'validation.deviceSecret'),
  );

export const playerRegisterBody = z.object({
  app_id: idLike,
  mac_address: macAddressField(),
  version: optionalField(z.string().check(z.maxLength(50, 'validation.tooLong'), noNul)),
  device_secret: optionalField(deviceSecretField),
});
export type PlayerRegisterBody = z.infer<typeof playerRegisterBody>;

/** The key the player shows, sent back by the player on its status and PIN calls. */
const deviceKeyField = z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(DEVICE_KEY_MAX_LENGTH, 'validation.tooLong'));

export const playerStatusBody = z.object({
  app_id: idLike,
  mac_address: macAddressField(),
  device_key: deviceKeyField,
});
export type PlayerStatusBody = z.infer<typeof playerStatusBody>;

/** A playlist as a player needs it; a protected playlist's PIN is never sent, only `protect`. */
export const playerPlaylist = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  type: z.enum(PLAYLIST_TYPES),
  username: z.nullable(z.string()),
  password: z.nullable(z.string()),
  epg_url: z.nullable(z.string()),
  protect: z.boolean(),
});
export type PlayerPlaylist = z.infer<typeof playerPlaylist>;

export const DEVICE_STATUSES = ['active', 'expired'] as const;

/** What a player's start screen needs of its device: no key, no playlist. */
const playerStartScreen = z.object({
  app_id: z.number(),
  app_name: z.string(),
  mac_address: z.string(),
  expire_date: z.string(),
  is_lifetime: z.boolean(),
  status: z.enum(DEVICE_STATUSES),
  is_trial: z.number(),
});

const playerDevice = z.extend(playerStartScreen, { device_key: z.string(), playlists: z.array(playerPlaylist) });

export const playerDeviceAnswer = ok({ data: playerDevice });
export type PlayerDeviceAnswer = z.infer<typeof playerDeviceAnswer>;

/**
 * POST /api/player/register: the whole device for the installation that holds its secret
 * (`secret_accepted: true`); only the start screen's fields for any other caller.
 */
export const playerRegisterAnswer = ok({
  data: z.union([
    z.extend(playerDevice, { secret_accepted: z.literal(true) }),
    z.extend(playerStartScreen, { secret_accepted: z.literal(false) }),
  ]),
});
export type PlayerRegisterAnswer = z.infer<typeof playerRegisterAnswer>;

/** POST /api/player/verify-pin: the player checks a protected playlist's PIN without ever holding it. */
export const playerPinBody = z.object({
  app_id: idLike,
  mac_address: macAddressField(),
  device_key: deviceKeyField,
  playlist_id: idLike,
  pin: z.string().check(z.minLength(1, 'validation.required'), z.maxLength(PIN_MAX_LENGTH, 'validation.tooLong')),
});
export type PlayerPinBody = z.infer<typeof playerPinBody>;

// ---------------------------------------------------------------------------------------------
// Check Mac and the multi-app check
// ---------------------------------------------------------------------------------------------

/** The module a screen's select chose (core-panel.md §5: 'Please select a module'). */
const moduleId = idLikeField('validation.moduleRequired');

/** POST /api/check-device-status. */
export const checkDeviceBody = z.object({ macAddress: macAddressField(), app_id: moduleId });
export type CheckDeviceBody = z.infer<typeof checkDeviceBody>;

/** A playlist in a device result (core-panel.md §3): the PIN is never sent, `pin` is always null. */
export const devicePlaylist = z.object({
  id: z.number(),
  playlist_name: z.string(),
  url: z.string(),
  playlist_type: z.enum(PLAYLIST_TYPES),
  username: z.nullable(z.string()),
  password: z.nullable(z.string()),
  epg: z.nullable(z.string()),
  protect: z.boolean(),
  pin: z.null(),
});
export type DevicePlaylist = z.infer<typeof devicePlaylist>;

/**
 * The device of a Check Mac answer (core-panel.md §3). `device_key`, `ip` and the playlists are
 * given only for devices the caller owns (or to an admin); `reseller_email` only with mac-activated-by.
 */
export const deviceResult = z.object({
  mac_address: z.string(),
  app_id: z.number(),
  app_type: z.string(),
  expire_date: z.string(),
  is_lifetime: z.boolean(),
  is_trial: z.number(),
  status: z.enum(DEVICE_STATUSES),
  disabled: z.boolean(),
  switched_to: z.nullable(z.string()),
  switched_from: z.nullable(z.string()),
  switched_date: z.nullable(z.string()),
  device_key: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  reseller_email: z.nullable(z.string()),
  created_at: z.string(),
  playlists: z.array(devicePlaylist),
  /** Playlists on the device saved by accounts outside the caller's reach: counted, never shown. */
  hidden_playlists: z.number(),
  /** Whether a player installation holds the device (its secret is stored); null unless the caller owns the device. */
  claimed: z.nullable(z.boolean()),
});

/** The call's `status` is the device's (active or expired), as the specification's table gives it. */
export const checkDeviceAnswer = z.object({
  status: z.enum(DEVICE_STATUSES),
  msg: z.string(),
  message: z.string(),
  device: deviceResult,
  playlists: z.array(devicePlaylist),
});
export type CheckDeviceAnswer = z.infer<typeof checkDeviceAnswer>;

/** POST /api/devices/release-claim: forgets the installation secret, so the next player to register claims the device. */
export const releaseClaimBody = z.object({ app_id: moduleId, mac_address: macAddressField() });
export type ReleaseClaimBody = z.infer<typeof releaseClaimBody>;

const appIdList = z
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
// Disable and enable a MAC, box management
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/disable-device and /api/enable-device. The module is `app_id`, or `module[]` (ids or
 * names); `is_trial`, `email`, `reseller_id` and `expire_date` are sent by the specification's
 * client and decided by the server instead.
 */
export const deviceToggleBody = z
  .object({
    mac_address: macAddressField('validation.macInvalidToggle'),
    module: optionalField(z.array(z.union([z.number(), z.string().check(z.maxLength(100))])).check(z.maxLength(20))),
    app_id: optionalField(idLike),
    is_trial: optionalField(z.union([z.number(), z.string().check(z.maxLength(5))])),
    email: optionalField(z.string().check(z.maxLength(255))),
    reseller_id: optionalField(z.union([z.number(), z.string().check(z.maxLength(20))])),
    expire_date: optionalField(z.string().check(z.maxLength(40))),
  })
  .check(
    z.refine((v) => (v.app_id ?? null) !== null || (v.module?.length ?? 0) > 0, {
      message: 'validation.moduleRequiredFirst',
      path: ['app_id'],
    }),
  );
export type DeviceToggleBody = z.infer<typeof deviceToggleBody>;

export const deviceToggleAnswer = ok({
  data: z.array(z.object({ mac_address: z.string(), module: z.string(), expire_date: z.string(), status: z.enum(DEVICE_STATUSES) })),
});
export type DeviceToggleAnswer = z.infer<typeof deviceToggleAnswer>;

const numberOfBoxes = z.pipe(
  z.union(
    [z.number('validation.boxesInvalid'), z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'validation.boxesInvalid')), z.transform(Number))],
    'validation.boxesInvalid',
  ),
  z.int('validation.boxesInvalid').check(z.minimum(1, 'validation.boxesInvalid'), z.maximum(MAX_BOXES_PER_REQUEST, 'validation.boxesTooMany')),
);

/** POST /api/enable-random-boxes (the specification's client sends `reseller_id`). */
export const enableBoxesBody = z.object({ reseller_id: idLike, numberOfBoxes });
export type EnableBoxesBody = z.infer<typeof enableBoxesBody>;
/** POST /api/disable-random-boxes (the specification's client sends `resellerId`). */
export const disableBoxesBody = z.object({ resellerId: idLike, numberOfBoxes });
export type DisableBoxesBody = z.infer<typeof disableBoxesBody>;

/** How many boxes changed (fewer than asked when the reseller has fewer eligible devices). */
export const boxesAnswer = ok({ data: z.object({ requested: z.number(), changed: z.number() }) });
export type BoxesAnswer = z.infer<typeof boxesAnswer>;

/**
 * GET /api/box-management/:id (our addition, with disable-boxes or enable-boxes): whose boxes
 * the screen manages, how many are active (can be disabled) and how many box management
 * disabled (can be enabled).
 */
export const boxSummaryAnswer = ok({
  data: z.object({ id: z.number(), name: z.string(), email: z.string(), active_boxes: z.number(), disabled_boxes: z.number() }),
});
export type BoxSummaryAnswer = z.infer<typeof boxSummaryAnswer>;

// ---------------------------------------------------------------------------------------------
// Playlists and domain
// ---------------------------------------------------------------------------------------------

const requiredText = (max: number) =>
  z.string('validation.fillAllFields').check(z.trim(), z.minLength(1, 'validation.fillAllFields'), z.maxLength(max, 'validation.tooLong'), noNul);

/** POST /api/save-playlist: a general playlist, or with `playlist_type` 'xc' an Xtream Codes one. */
export const savePlaylistBody = z
  .object({
    mac_address: macAddressField(),
    app_id: moduleId,
    playlist_name: requiredText(PLAYLIST_NAME_MAX_LENGTH),
    playlist_url: httpUrl(),
    playlist_type: z._default(z.enum(PLAYLIST_TYPES, 'validation.playlistTypeRequired'), 'general'),
    username: optionalField(z.string().check(z.trim(), z.maxLength(200, 'validation.tooLong'), noNul)),
    password: optionalField(z.string().check(z.maxLength(200, 'validation.tooLong'), noNul)),
    xml_url: optionalHttpUrl(),
    protect: z._default(booleanFlag, false),
    pin: optionalField(z.string().check(z.maxLength(PIN_MAX_LENGTH, 'validation.tooLong'))),
    pin_confirmation: optionalField(z.string().check(z.maxLength(PIN_MAX_LENGTH, 'validation.tooLong'))),
    /** Sent by the specification's client; informative. */
    app_platform: optionalField(z.string().check(z.maxLength(100))),
    app_url: optionalField(z.string().check(z.maxLength(URL_MAX_LENGTH))),
  })
  .check(
    z.refine((v) => v.playlist_type !== 'xc' || Boolean(v.username?.trim()), { message: 'validation.fillAllFields', path: ['username'] }),
    z.refine((v) => v.playlist_type !== 'xc' || Boolean(v.password), { message: 'validation.fillAllFields', path: ['password'] }),
    z.refine((v) => !v.protect || (v.pin ?? '').length >= PIN_MIN_LENGTH, { message: 'validation.pinLength', path: ['pin'] }),
    z.refine((v) => !v.protect || v.pin_confirmation === undefined || v.pin_confirmation === null || v.pin_confirmation === v.pin, {
      message: 'validation.pinMismatch',
      path: ['pin_confirmation'],
    }),
  );
export type SavePlaylistBody = z.infer<typeof savePlaylistBody>;
export const savePlaylistAnswer = ok({ statusCode: z.number(), data: z.object({ id: z.number() }) });

/** POST /api/reset-playlist: clears the device's playlists of one type; BOBPLAYER and IBOPLAYER need the device key. */
export const resetPlaylistBody = z.object({
  mac_address: macAddressField(),
  app_id: idLike,
  module: optionalField(z.string().check(z.maxLength(100))),
  playlist_type: z.enum(PLAYLIST_TYPES, 'validation.playlistTypeRequired'),
  device_key: optionalField(z.string().check(z.trim(), z.maxLength(DEVICE_KEY_MAX_LENGTH, 'validation.tooLong'))),
});
export type ResetPlaylistBody = z.infer<typeof resetPlaylistBody>;
export const resetPlaylistAnswer = ok({ statusCode: z.number(), data: z.object({ removed: z.number() }) });

/** An origin with its scheme (`http://old.example.com`), trimmed; a trailing slash is ignored. */
const domainField = z.pipe(
  z.string('validation.domainsRequired').check(
    z.trim(),
    z.minLength(1, 'validation.domainsRequired'),
    z.maxLength(URL_MAX_LENGTH, 'validation.tooLong'),
    z.refine((v) => v === '' || isHttpUrl(v), 'validation.domainInvalid'),
  ),
  z.transform((v: string) => v.replace(/\/+$/, '')),
);

/** POST /api/update-playlist (Change domain). */
export const updatePlaylistBody = z.object({
  current_playlist_url: domainField,
  new_domain: domainField,
  app_id: idLike,
  app_platform: optionalField(z.string().check(z.maxLength(100))),
});
export type UpdatePlaylistBody = z.infer<typeof updatePlaylistBody>;
export const updatePlaylistAnswer = ok({ data: z.object({ updated: z.number() }) });

// ---------------------------------------------------------------------------------------------
// APK plans
// ---------------------------------------------------------------------------------------------

/** POST /api/add-apk-plans and /api/update-apk-plans/:id: the text parts of the multipart body (`image` is the file part). */
export const apkPlanFields = z.object({
  name: z.string('validation.required').check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(APK_NAME_MAX_LENGTH, 'validation.tooLong'), noNul),
  description: z
    .string('validation.required')
    .check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(APK_DESCRIPTION_MAX_LENGTH, 'validation.tooLong'), noNul),
  apk_url: httpUrl(),
});
export type ApkPlanFields = z.infer<typeof apkPlanFields>;

export const apkPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  image_url: z.nullable(z.string()),
  apk_url: z.string(),
  created_at: z.string(),
});
export type ApkPlan = z.infer<typeof apkPlan>;
export const apkPlansAnswer = ok({ data: z.array(apkPlan) });
export type ApkPlansAnswer = z.infer<typeof apkPlansAnswer>;
export const apkPlanAnswer = ok({ data: apkPlan });

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
