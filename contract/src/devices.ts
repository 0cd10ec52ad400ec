import * as z from 'zod/mini';
import { MAC_LENGTH } from './constants.js';
import { idLike, idLikeField, idParam, noNul, optionalField } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Devices themselves (business-panel.md §3–§9 "Devices and activation"; core-panel.md Check Mac):
 * the MAC address and the fields every device call shares, Check Mac, disabling and enabling a
 * MAC, box management. Activation, the player API, playlists and APK plans have their own files.
 */

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** `is_trial` of the disable and enable calls (§9). */
export const DISABLE_IS_TRIAL = 0;
export const ENABLE_IS_TRIAL = 2;
export const PLAYLIST_TYPES = ['general', 'xc'] as const;
export type PlaylistType = (typeof PLAYLIST_TYPES)[number];
export const PLAYLIST_NAME_MAX_LENGTH = 100;
export const URL_MAX_LENGTH = 2048;
export const DEVICE_KEY_MAX_LENGTH = 64;
export const MAX_BOXES_PER_REQUEST = 10_000;
/** A lifetime activation's stored expiry: far enough that no comparison ever reaches it. */
export const LIFETIME_EXPIRY = '9999-12-31T00:00:00.000Z';

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

// ---------------------------------------------------------------------------------------------
// A device's installation secret (DESIGN.md §5)
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

export const DEVICE_STATUSES = ['active', 'expired'] as const;

// ---------------------------------------------------------------------------------------------
// Check Mac
// ---------------------------------------------------------------------------------------------

/** The module a screen's select chose (core-panel.md §5: 'Please select a module'). */
export const moduleId = idLikeField('validation.moduleRequired');

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
// Endpoints
// ---------------------------------------------------------------------------------------------

const tags = ['devices'];

/** The Playlists screen checks a device before adding a playlist to it. */
export const checkDeviceEndpoint = endpoint({
  method: 'POST',
  path: '/check-device-status',
  tags,
  permission: ['check-device-status', 'Playlists'],
  description:
    "Check Mac (also for Playlists holders): the device's status (active or expired). device_key, ip and playlists only for the caller's own devices (or an admin); reseller_email only with mac-activated-by. Unknown device: 404 C10404.",
  body: checkDeviceBody,
  answer: checkDeviceAnswer,
});

export const disableDeviceEndpoint = endpoint({
  method: 'POST',
  path: '/disable-device',
  tags,
  permission: 'Disable Mac',
  description:
    'Disables the MAC in every named application (app_id and/or module[]), all or nothing: the expiry becomes yesterday and the paid time left is kept for the enable. 404 C10404 for a device that is not the caller’s; 409 when already disabled.',
  body: deviceToggleBody,
  answer: deviceToggleAnswer,
});

export const enableDeviceEndpoint = endpoint({
  method: 'POST',
  path: '/enable-device',
  tags,
  permission: 'Disable Mac',
  description:
    'Enables the MAC in every named application, all or nothing: the paid time kept at disable comes back (lifetime stays lifetime; no time left: until the end of today). 409 when not disabled.',
  body: deviceToggleBody,
  answer: deviceToggleAnswer,
});

/** Who may disable or enable a device may also free it for a reinstalled player. */
export const releaseClaimEndpoint = endpoint({
  method: 'POST',
  path: '/devices/release-claim',
  tags,
  permission: 'Disable Mac',
  description:
    "Release claim (our addition): forgets the installation secret of the player that holds the device (a player reinstalled on the same box lost it), so the next /player/register that brings a device_secret claims the device. An admin, or the reseller who activated it and its parent; 404 C10404 for any other device. Audited.",
  body: releaseClaimBody,
  answer: okEnvelope,
});

export const boxSummaryEndpoint = endpoint({
  method: 'GET',
  path: '/box-management/:id',
  tags,
  permission: ['disable-boxes', 'enable-boxes'],
  description:
    "Box management's header (our addition): the reseller (the caller or one within its reach), how many of its devices are active (can be disabled) and how many box management disabled (can be enabled).",
  params: idParam,
  answer: boxSummaryAnswer,
});

export const disableBoxesEndpoint = endpoint({
  method: 'POST',
  path: '/disable-random-boxes',
  tags,
  permission: 'disable-boxes',
  description: "Disables up to numberOfBoxes of the reseller's active devices (the caller's own or a sub-reseller's); answers how many changed.",
  body: disableBoxesBody,
  answer: boxesAnswer,
});

export const enableBoxesEndpoint = endpoint({
  method: 'POST',
  path: '/enable-random-boxes',
  tags,
  permission: 'enable-boxes',
  description: 'Enables up to numberOfBoxes of the devices box management disabled for that reseller; answers how many changed.',
  body: enableBoxesBody,
  answer: boxesAnswer,
});
