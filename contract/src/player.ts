import * as z from 'zod/mini';
import { idLike, noNul, optionalField } from './fields.js';
import { ok } from './common.js';
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
