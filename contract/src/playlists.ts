import * as z from 'zod/mini';
import { idLike, noNul, optionalField } from './fields.js';
import { ok } from './common.js';
import { endpoint } from './endpoint.js';
import { DEVICE_KEY_MAX_LENGTH, PLAYLIST_NAME_MAX_LENGTH, PLAYLIST_TYPES, URL_MAX_LENGTH, booleanFlag, httpUrl, isHttpUrl, macAddressField, moduleId, optionalHttpUrl } from './devices.js';

/** Playlists and domain (business-panel.md "Playlists and domain"). */

export const PIN_MIN_LENGTH = 4;
export const PIN_MAX_LENGTH = 32;

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
// Endpoints
// ---------------------------------------------------------------------------------------------

const tags = ['playlists'];

export const savePlaylistEndpoint = endpoint({
  method: 'POST',
  path: '/save-playlist',
  tags,
  permission: 'Playlists',
  description:
    "Adds a general playlist, or with playlist_type 'xc' an Xtream Codes one, to one of the caller's devices. A protect PIN (4+ characters) is stored hashed and never sent. 404 C10404 unknown device, 403 C10403 another reseller's.",
  body: savePlaylistBody,
  answer: savePlaylistAnswer,
  status: 201,
});

export const resetPlaylistEndpoint = endpoint({
  method: 'POST',
  path: '/reset-playlist',
  tags,
  permission: 'Playlists',
  description: "Removes the device's playlists of one type. BOBPLAYER and IBOPLAYER need the device's key (422 when missing, 403 C10405 when wrong).",
  body: resetPlaylistBody,
  answer: resetPlaylistAnswer,
});

export const updatePlaylistEndpoint = endpoint({
  method: 'POST',
  path: '/update-playlist',
  tags,
  permission: 'change-domain',
  description:
    "Change domain: rewrites the old scheme and host of every playlist and EPG URL of the application's devices the caller reaches (all for an admin); answers how many playlists changed.",
  body: updatePlaylistBody,
  answer: updatePlaylistAnswer,
});
