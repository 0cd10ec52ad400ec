import * as z from 'zod/mini';
import { idLike, noNul, optionalField } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { redeemCodeBody } from './codes.js';
import { endpoint } from './endpoint.js';
import { DEVICE_KEY_MAX_LENGTH, DEVICE_STATUSES, PLAYLIST_TYPES, deviceSecretField, macAddressField } from './devices.js';
import { PIN_MAX_LENGTH } from './playlists.js';

/** The player API: what the media players call without a session (DESIGN.md §5). */

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

/** POST /api/player/store-link: the same three fields as the status call (the key proves the screen is the device's). */
export const playerStoreLinkBody = playerStatusBody;
export type PlayerStoreLinkBody = z.infer<typeof playerStoreLinkBody>;

/** The renewal link of the device's store, for the player to show as a QR code. */
export const playerStoreLinkAnswer = ok({ data: z.object({ url: z.string() }) });
export type PlayerStoreLinkAnswer = z.infer<typeof playerStoreLinkAnswer>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

/**
 * The media players call without a session (`public`, no bearer in the document); each call
 * counts against its address (PLAYER_RATE_LIMIT per minute, the route's hook).
 */
const tags = ['player'];
const security = [] as const;

export const playerRegisterEndpoint = endpoint({
  method: 'POST',
  path: '/player/register',
  tags,
  public: true,
  security,
  description:
    "A player's first start creates its device (a free trial of the application's trial length, a device key) and stores the hash of its device_secret (an installation secret of 16+ random bytes the player generated at its first start, base64url or hex). A repeat with the same secret answers the same device, key and playlists (secret_accepted: true); without it or with another, only the MAC, status, expiry and trial (secret_accepted: false), and the miss counts like a failed sign-in: 429 with Retry-After past 20 misses in 15 minutes per address. A device that has no secret yet (registered before secrets existed, or released by its reseller) is claimed by the first register that brings one. 429 with Retry-After past PLAYER_RATE_LIMIT requests per minute per address.",
  body: playerRegisterBody,
  answer: playerRegisterAnswer,
});

export const playerStatusEndpoint = endpoint({
  method: 'POST',
  path: '/player/status',
  tags,
  public: true,
  security,
  description: 'The device, its expiry and its playlists (a protected playlist without its PIN). Wrong device key: 403 C10405; unknown device: 404 C10404.',
  body: playerStatusBody,
  answer: playerDeviceAnswer,
});

export const playerVerifyPinEndpoint = endpoint({
  method: 'POST',
  path: '/player/verify-pin',
  tags,
  public: true,
  security,
  description: "Checks a protected playlist's PIN (403 INVALID_PIN when wrong): the player never receives the PIN itself.",
  body: playerPinBody,
  answer: okEnvelope,
});

export const playerRedeemCodeEndpoint = endpoint({
  method: 'POST',
  path: '/player/redeem-code',
  tags,
  public: true,
  security,
  description:
    "Binds an activation code to this device (registering it on its first call) and activates it until the code's expiry; answers the device as the status call does, the code's playlists included. The same device may redeem again; another device, an unknown, inactive or expired code is refused (404, 403, 409) and nothing changes. Counts against the per-address limit like every player call, so codes cannot be enumerated. A device_secret (as for register) is stored for a device this call creates, or one that has none yet.",
  body: redeemCodeBody,
  answer: playerDeviceAnswer,
});

export const playerStoreLinkEndpoint = endpoint({
  method: 'POST',
  path: '/player/store-link',
  tags,
  public: true,
  security,
  description:
    "The renewal link of the store of the reseller who last activated the device (`{PUBLIC_URL}/store/<slug>/renew/<token>`, valid 30 days), for the player to show as a QR code: the customer renews from a phone without typing the MAC. The link names the device, its customer in that account (when it has one) and the product it was last sold with, else the store's first active product for its application. Wrong device key: 403 C10405; unknown device: 404 C10404; a device never activated, disabled or lifetime, whose reseller has no open store, or whose store sells nothing for its application: 404 STORE_LINK_NOT_FOUND. Counts against the per-address limit like every player call.",
  body: playerStoreLinkBody,
  answer: playerStoreLinkAnswer,
});
