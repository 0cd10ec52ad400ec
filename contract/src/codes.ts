import * as z from 'zod/mini';
import { dateField, dateRangeChecks } from './credit.js';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { idLike, keywordField, noNul, optionalField, pageNumberField, pageSizeField, sortTypeField, wholeAmountField } from './fields.js';
import { deviceSecretField, httpUrl, macAddressField, PLAYLIST_NAME_MAX_LENGTH } from './devices.js';
import { listMeta, ok } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Activation codes (business-panel.md §2–§9 "Activation codes", "Code playlist editor"; DESIGN.md
 * §5 redeem): a reseller buys codes with credit and hands them out; a customer types one into the
 * player, which activates the device until the code's expiry.
 */

export const CODE_TYPES = ['yearly', 'lifetime'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
/** §9: a yearly code costs 1 credit, a lifetime code 2; renewing deducts 1. */
export const CODE_PRICES: Record<CodeType, number> = { yearly: 1, lifetime: 2 };
export const CODE_RENEW_COST = 1;
/**
 * Why deleting a code gives nothing back (issue 27, the undo's rules): refunds are off (window 0),
 * it was redeemed (once redeemed, a reset does not make it new), it is older than the undo window,
 * it was renewed, or the caller is not its payer, the payer's parent or an admin. The delete itself
 * goes ahead in every case, as before.
 */
export const CODE_REFUND_REFUSALS = ['off', 'redeemed', 'late', 'renewed', 'notPayer'] as const;
export type CodeRefundRefusal = (typeof CODE_REFUND_REFUSALS)[number];
export const MAX_CODES_PER_REQUEST = 10;
/** Digits only, typed on a TV remote's number pad: 14 digits are 46.5 bits from the CSPRNG. */
export const CODE_LENGTH = 14;
export const CODE_PLAYLISTS_MAX = 50;
/** §9: the code list reloads 300 ms after its search changes (no debounce of its own). */
export const CODE_LIST_RELOAD_MS = 300;
/** §8: the editor's success message closes after 4 seconds, then the screen returns to /iboprotv. */
export const CODE_PLAYLIST_SAVED_MS = 4000;

/** What a list row shows (§4): Expired when expired, else Inactive when status is 0, else Active. */
export type CodeDisplayState = 'expired' | 'inactive' | 'active';
export function codeDisplayState(code: { expired: number; status: number }): CodeDisplayState {
  return code.expired === 1 ? 'expired' : code.status === 0 ? 'inactive' : 'active';
}

/** §2: an expired code's menu offers only Renew and Delete; the server refuses the others on it. */
export const CODE_ACTIONS = ['edit', 'renew', 'reset', 'status', 'delete'] as const;
export type CodeAction = (typeof CODE_ACTIONS)[number];
export function codeActions(code: { expired: number }): readonly CodeAction[] {
  return code.expired === 1 ? ['renew', 'delete'] : CODE_ACTIONS;
}

/** A code as the customer may type it: spaces and dashes between groups are ignored. */
export const normaliseCode = (value: string) => value.replace(/[\s-]/g, '');

const codeValueField = z.pipe(
  z.string('validation.codeRequired').check(z.trim(), z.minLength(1, 'validation.codeRequired'), z.maxLength(64, 'validation.codeInvalid'), noNul),
  z.transform(normaliseCode),
);

/** `resellerEmail` of every code call: blank means the caller's own codes. */
const resellerEmailField = optionalField(
  z.pipe(
    z.string('validation.resellerEmailInvalid').check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, 'validation.tooLong')),
    z.union([z.literal(''), z.email('validation.resellerEmailInvalid')], 'validation.resellerEmailInvalid'),
  ),
);

export const CODE_SORT_KEYS = ['created_at', 'id', 'value', 'type', 'expire_date', 'status'] as const;

/** GET /api/activation-codes: the range defaults to the last 3 months through today. */
export const codeListQuery = z
  .object({
    page: pageNumberField,
    per_page: pageSizeField,
    search_query: keywordField,
    sort_key: optionalField(z.enum(CODE_SORT_KEYS, 'validation.invalid')),
    sort_type: sortTypeField,
    /** The client's cache-buster: ignored. */
    _t: optionalField(z.string()),
    date_from: optionalField(dateField),
    date_to: optionalField(dateField),
  })
  .check(...dateRangeChecks('date_from', 'date_to'));
export type CodeListQuery = z.infer<typeof codeListQuery>;

export const codePlaylist = z.object({ name: z.string(), url: z.string(), epg: z.nullable(z.string()) });
export type CodePlaylist = z.infer<typeof codePlaylist>;

export const activationCode = z.object({
  id: z.number(),
  value: z.string(),
  type: z.enum(CODE_TYPES),
  /** The reseller the code belongs to. */
  email: z.string(),
  /** The device that redeemed it; null until then. `_id` is the device's id. */
  device_info: z.nullable(z.object({ mac_address: z.string(), version: z.nullable(z.string()), ip: z.nullable(z.string()), _id: z.string() })),
  /** ISO time; a lifetime code carries LIFETIME_EXPIRY. */
  expire_date: z.string(),
  /** 1 active, 0 inactive (Change Status). */
  status: z.number(),
  /** 1 once expire_date has passed. */
  expired: z.number(),
  /** 1 once a device redeemed it. */
  is_active: z.number(),
  created_at: z.string(),
  playlists: z.array(codePlaylist),
  /**
   * The points a delete by the caller would give back now (CODE_REFUND_REASONS): the code's price
   * while it is unredeemed, not renewed and within the undo window, and the caller paid for it, is
   * the payer's parent or an admin; 0 otherwise (why in `refund_refused`).
   */
  refundable_points: z.number(),
  refund_refused: z.nullable(z.enum(CODE_REFUND_REFUSALS)),
});
export type ActivationCode = z.infer<typeof activationCode>;

export const codeListAnswer = ok({
  data: z.array(activationCode),
  meta: listMeta,
});
export type CodeListAnswer = z.infer<typeof codeListAnswer>;

/** POST /api/sendingcode. */
export const createCodesBody = z.object({
  subscriptionType: z.enum(CODE_TYPES, 'validation.subscriptionType'),
  codeCount: wholeAmountField(MAX_CODES_PER_REQUEST, 'validation.codeCount', 'validation.maxCodes'),
  resellerEmail: resellerEmailField,
});
export type CreateCodesBody = z.infer<typeof createCodesBody>;

export const createCodesAnswer = ok({
  message: z.string(),
  /** The new codes, as list rows. */
  data: z.array(activationCode),
  credit_points: z.number(),
  remaining_credit: z.number(),
});
export type CreateCodesAnswer = z.infer<typeof createCodesAnswer>;

/** POST /api/update-code-status, /api/renew-code, /api/delete-code. */
export const codeValueBody = z.object({ value: codeValueField, resellerEmail: resellerEmailField });
export type CodeValueBody = z.infer<typeof codeValueBody>;

/** POST /api/reset-code. */
export const resetCodeBody = z.object({ code_id: idLike, resellerEmail: resellerEmailField });
export type ResetCodeBody = z.infer<typeof resetCodeBody>;

export const codeAnswer = ok({ message: z.string(), data: activationCode });
export const renewCodeAnswer = ok({ message: z.string(), expire_date: z.string(), remaining_credit: z.number(), data: activationCode });
export const resetCodeAnswer = ok({ message: z.string(), new_code: z.string(), data: activationCode });
/** The delete's refund: the points that came back to the payer (0 when none) and, for none, why. */
export const deleteCodeAnswer = ok({
  message: z.string(),
  refunded_points: z.number(),
  refund_refused: z.nullable(z.enum(CODE_REFUND_REFUSALS)),
  /** The account the points went back to (the one that paid for the code); null without a refund. */
  refunded_to: z.nullable(z.object({ id: z.number(), email: z.string() })),
});
export type DeleteCodeAnswer = z.infer<typeof deleteCodeAnswer>;

export const codeValueParam = z.object({ codeValue: z.pipe(z.string().check(z.maxLength(64, 'validation.codeInvalid')), z.transform(normaliseCode)) });

/** POST /api/get-playlist/{codeValue}. */
export const getCodePlaylistsBody = z.optional(z.object({ resellerEmail: resellerEmailField }));
export const codePlaylistsAnswer = ok({ playlists: z.array(codePlaylist) });
export type CodePlaylistsAnswer = z.infer<typeof codePlaylistsAnswer>;

/** One playlist of the editor (§5): URL required and valid, name required, EPG optional but valid. */
export const codePlaylistInput = z.object({
  url: httpUrl(),
  name: z.string('validation.playlistNameRequired').check(
    z.trim(),
    z.minLength(1, 'validation.playlistNameRequired'),
    z.maxLength(PLAYLIST_NAME_MAX_LENGTH, 'validation.tooLong'),
    noNul,
  ),
  epg: optionalField(httpUrl('validation.epgUrlInvalid')),
});
export type CodePlaylistInput = z.infer<typeof codePlaylistInput>;

/** Names compare without case: the index of each entry whose name an earlier entry already took. */
export function duplicateNameIndexes(playlists: readonly { name: string }[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  playlists.forEach((p, i) => {
    const key = p.name.trim().toLowerCase();
    if (seen.has(key)) duplicates.push(i);
    seen.add(key);
  });
  return duplicates;
}

/** POST /api/edit-playlist/{codeValue}: the code's whole list, replaced in one transaction. */
export const editCodePlaylistsBody = z
  .object({
    playlists: z.array(codePlaylistInput).check(z.maxLength(CODE_PLAYLISTS_MAX, 'validation.tooManyPlaylists')),
    resellerEmail: resellerEmailField,
  })
  .check(
    z.superRefine((v, ctx) => {
      for (const i of duplicateNameIndexes(v.playlists)) {
        ctx.issues.push({ code: 'custom', message: 'validation.playlistNameUnique', path: ['playlists', i, 'name'], input: v });
      }
    }),
  );
export type EditCodePlaylistsBody = z.infer<typeof editCodePlaylistsBody>;

/** POST /api/player/redeem-code (DESIGN.md §5). */
export const redeemCodeBody = z.object({
  code: codeValueField,
  mac_address: macAddressField(),
  app_id: idLike,
  version: optionalField(z.string().check(z.maxLength(50, 'validation.tooLong'), noNul)),
  /** As for register: a device this call creates (or one without a secret) is claimed by it. */
  device_secret: optionalField(deviceSecretField),
});
export type RedeemCodeBody = z.infer<typeof redeemCodeBody>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['activation codes'];
const OTHER_RESELLER = "`resellerEmail` names another reseller's code: that needs";

export const activationCodesEndpoint = endpoint({
  method: 'GET',
  path: '/activation-codes',
  tags,
  permission: 'index-code',
  description:
    "The caller's codes created in a date range (default: the last 3 months through today; longer is a 422 'Date range cannot exceed 3 months'), newest first. `search_query` (3+ characters) matches the start of a code or of the MAC address that redeemed it, and with ibopro-search the reseller's e-mail. Each code's `refundable_points` is what deleting it would give back now, for this caller (0, with `refund_refused`, when nothing would).",
  query: codeListQuery,
  answer: codeListAnswer,
});

/** POST /api/sendingcode: buying codes. */
export const createCodesEndpoint = endpoint({
  method: 'POST',
  path: '/sendingcode',
  tags,
  permission: 'purchase-code',
  description:
    'Buys 1 to 10 codes in one transaction (yearly 1 credit each, lifetime 2), paid by the caller. `resellerEmail` creates them for another reseller in reach (ibopro-search). A `request-id` header makes a repeat within 24 hours answer the first result and charge nothing.',
  body: createCodesBody,
  answer: createCodesAnswer,
});

export const updateCodeStatusEndpoint = endpoint({
  method: 'POST',
  path: '/update-code-status',
  tags,
  permission: 'change-code-status',
  description: `Flips status between 1 and 0 (refused on an expired code). ${OTHER_RESELLER} change-any-status.`,
  body: codeValueBody,
  answer: codeAnswer,
});

export const renewCodeEndpoint = endpoint({
  method: 'POST',
  path: '/renew-code',
  tags,
  permission: 'renew-code',
  description: `A yearly code gains a year from its expiry (from now once expired) for 1 credit; its device follows. Honours \`request-id\`. ${OTHER_RESELLER} renew-any-code.`,
  body: codeValueBody,
  answer: renewCodeAnswer,
});

export const resetCodeEndpoint = endpoint({
  method: 'POST',
  path: '/reset-code',
  tags,
  permission: 'reset-code',
  description: `A new value (the old one stops working at once); the code is freed from its device, which loses the time the code gave it. ${OTHER_RESELLER} reset-any-code.`,
  body: resetCodeBody,
  answer: resetCodeAnswer,
});

export const deleteCodeEndpoint = endpoint({
  method: 'POST',
  path: '/delete-code',
  tags,
  permission: 'delete-code',
  description: `Removes the code and its playlists. A code never redeemed nor renewed, bought within the admin's undo window (GET /api/settings/activation-undo; default 24 hours, 0: off), deleted by the account that paid for it, its parent or an admin gives its price back to the payer: one Refund ledger row in the same transaction; \`refunded_points\` says how many came back (0 otherwise, with \`refund_refused\`: off, redeemed, late, renewed or notPayer; the code is deleted either way). Two deletes at once refund once (the second answers 404). ${OTHER_RESELLER} delete-any-codes.`,
  body: codeValueBody,
  answer: deleteCodeAnswer,
});

export const codePlaylistsEndpoint = endpoint({
  method: 'POST',
  path: '/get-playlist/:codeValue',
  tags,
  permission: 'view-code',
  description: `The code's playlists (refused on an expired code, like every action but Renew and Delete). ${OTHER_RESELLER} view-any-playlist.`,
  params: codeValueParam,
  body: getCodePlaylistsBody,
  answer: codePlaylistsAnswer,
});

export const editCodePlaylistsEndpoint = endpoint({
  method: 'POST',
  path: '/edit-playlist/:codeValue',
  tags,
  permission: 'edit-code',
  description: `Replaces the code's playlists (URL required and valid, name required and unique ignoring case, EPG optional). ${OTHER_RESELLER} edit-any-code.`,
  params: codeValueParam,
  body: editCodePlaylistsBody,
  answer: codePlaylistsAnswer,
});
