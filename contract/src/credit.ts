import * as z from 'zod/mini';
import { CREDIT_TR_TYPES, DEFAULT_PAGE_SIZE } from './constants.js';
import { bodyPageNumber, bodyPageSize, defaultedField, emailField, idLike, keywordField, moduleTypeField, optionalField, passcodeField, sortTypeField, wholeAmountField } from './fields.js';
import { ok } from './common.js';
import { endpoint } from './endpoint.js';

/** The largest number of points one move carries: far above any real top-up, far below JavaScript's safe integers. */
export const MAX_CREDIT_MOVE = 1_000_000_000;
/** A `request-id` makes a credit move idempotent for this long (DESIGN.md §4). */
export const IDEMPOTENCY_HOURS = 24;
/** The credit-share report covers at most this many months (core-panel.md §9). */
export const REPORT_MAX_MONTHS = 3;
/** Credit moves from the reseller list need a passcode validated this recently in the same session. */
export const PASSCODE_RECENCY_MINUTES = 5;

export const CREDIT_TR_TYPE_VALUES = [CREDIT_TR_TYPES.added, CREDIT_TR_TYPES.selfCredit, CREDIT_TR_TYPES.withdraw, CREDIT_TR_TYPES.activation, CREDIT_TR_TYPES.code, CREDIT_TR_TYPES.purchase, CREDIT_TR_TYPES.testCredit, CREDIT_TR_TYPES.refund] as const;
export type CreditTrType = (typeof CREDIT_TR_TYPE_VALUES)[number];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const c = char.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
}

/** Strict UTF-8: overlong forms, surrogates and truncated sequences are refused. */
function utf8Text(bytes: number[]): string | undefined {
  let text = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const [length, min] = b < 0x80 ? [1, 0] : b >= 0xc2 && b < 0xe0 ? [2, 0x80] : b >= 0xe0 && b < 0xf0 ? [3, 0x800] : b >= 0xf0 && b < 0xf5 ? [4, 0x10000] : [0, 0];
    if (length === 0 || i + length > bytes.length) return undefined;
    let c = length === 1 ? b : b & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return undefined;
      c = (c << 6) | (next & 63);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return undefined;
    text += String.fromCodePoint(c);
    i += length;
  }
  return text;
}

/**
 * The recharge form sends its fields base64-encoded UTF-8 (business-panel.md §5). Both sides use
 * these two (written out because the contract runs in browsers and Node without either's globals),
 * so that an e-mail or passcode with any character survives the trip.
 */
export function encodeBase64Utf8(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[n >> 18]! + BASE64[(n >> 12) & 63]! + (b === undefined ? '=' : BASE64[(n >> 6) & 63]!) + (c === undefined ? '=' : BASE64[n & 63]!);
  }
  return out;
}

/** `undefined` for anything that is not strict, padded base64 of valid UTF-8. */
export function decodeBase64Utf8(encoded: string): string | undefined {
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i += 4) {
    const quad = encoded.slice(i, i + 4);
    const n = [...quad].reduce((acc, ch) => (acc << 6) | (ch === '=' ? 0 : BASE64.indexOf(ch)), 0);
    bytes.push(n >> 16);
    if (quad[2] !== '=') bytes.push((n >> 8) & 255);
    if (quad[3] !== '=') bytes.push(n & 255);
  }
  return utf8Text(bytes);
}

/** A base64 field whose decoded text must then pass `inner`. */
const base64Of = <T extends z.ZodMiniType<unknown, string>>(inner: T) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(1024, 'validation.base64')),
      z.transform((value: string, ctx) => {
        const decoded = decodeBase64Utf8(value);
        if (decoded === undefined) {
          ctx.issues.push({ code: 'custom', message: 'validation.base64', input: value });
          return z.NEVER;
        }
        return decoded;
      }),
    ),
    inner,
  );

/** Whole points, at least 1: a number, or digits only as the recharge form's amount field sends them. */
export const creditPointField = wholeAmountField(MAX_CREDIT_MOVE, 'validation.creditPoint', 'validation.creditPointMax');

/** POST /api/admin-recharge-credit: every field base64-encoded UTF-8. */
export const rechargeBody = z.object({
  resellerEmail: base64Of(emailField),
  // Decoded, the amount is text: the field's digits branch judges it.
  creditPoint: base64Of(creditPointField as z.ZodMiniType<number, string>),
  creditSharePasscode: base64Of(passcodeField),
});
export type RechargeBody = z.infer<typeof rechargeBody>;
/** What the recharge form sends before encoding. */
export type RechargeInput = { resellerEmail: string; creditPoint: string; creditSharePasscode: string };

export const rechargeAnswer = ok({
  httpCode: z.number(),
  statusCode: z.number(),
  data: z.object({ tr_type: z.string(), credit_point: z.number(), reseller_credit_point: z.number() }),
});
export type RechargeAnswer = z.infer<typeof rechargeAnswer>;

/** POST /api/resellers/:id/add-credit-point; `resellerId`, when sent, must name the same reseller as the path. */
export const addCreditBody = z.object({ resellerId: optionalField(idLike), creditPoint: creditPointField });
export type AddCreditBody = z.infer<typeof addCreditBody>;

/** POST /api/resellers/:id/deduct-credit-point. */
export const deductCreditBody = z.object({ resellerId: optionalField(idLike), creditPoint: creditPointField });
export type DeductCreditBody = z.infer<typeof deductCreditBody>;

export const creditMoveAnswer = ok({
  httpCode: z.number(),
  statusCode: z.number(),
  data: z.object({ reseller_id: z.number(), credit_point: z.number(), reseller_credit_point: z.number() }),
});
export type CreditMoveAnswer = z.infer<typeof creditMoveAnswer>;

export const totalCreditPointsAnswer = ok({ data: z.object({ total_credit_points: z.number() }) });
export type TotalCreditPointsAnswer = z.infer<typeof totalCreditPointsAnswer>;

/** Columns the credit-share log can be sorted by; anything else is refused rather than put into SQL. */
export const CREDIT_LOG_SORT_KEYS = ['created_at', 'id', 'tr_type', 'credit_point'] as const;

const trType = z.enum(CREDIT_TR_TYPE_VALUES, 'validation.invalid');

/** POST api/credit-transaction-logs. */
export const creditLogsBody = z.object({
  userId: optionalField(idLike),
  /** Sent by the specification's client; the server scopes rows by the caller's reach instead. */
  groupId: optionalField(z.union([z.number(), z.string().check(z.maxLength(50))])),
  page_number: defaultedField(bodyPageNumber, 1),
  page_size: defaultedField(bodyPageSize, DEFAULT_PAGE_SIZE),
  keyword: keywordField,
  transaction_type: optionalField(z.union([trType, z.array(trType).check(z.maxLength(CREDIT_TR_TYPE_VALUES.length))])),
  sort_key: optionalField(z.enum(CREDIT_LOG_SORT_KEYS, 'validation.invalid')),
  sort_type: sortTypeField,
});
export type CreditLogsBody = z.infer<typeof creditLogsBody>;

const emailOf = z.nullable(z.object({ email: z.string() }));
export const creditLogEntry = z.object({
  id: z.number(),
  tr_type: z.string(),
  credit_point: z.number(),
  creditor_detail: emailOf,
  debitor_detail: emailOf,
  creator: emailOf,
  created_at: z.string(),
});
export type CreditLogEntry = z.infer<typeof creditLogEntry>;

export const creditLogsAnswer = ok({
  data: z.object({
    ResellerCreditShareLog: z.array(creditLogEntry),
    current_page: z.number(),
    last_page: z.number(),
    total: z.number(),
    /** True when more rows match than the server counts (1,000 past the page's first row): `total` is then a lower bound. */
    total_capped: z.boolean(),
  }),
  current_page: z.number(),
  last_page: z.number(),
  total: z.number(),
  total_capped: z.boolean(),
});
export type CreditLogsAnswer = z.infer<typeof creditLogsAnswer>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export const dateField = z.string().check(
  z.minLength(1, 'validation.required'),
  z.refine((v) => v.length === 0 || (ISO_DATE.test(v) && !Number.isNaN(Date.parse(v))), 'validation.date'),
);

/** `date` moved by `months` calendar months (UTC). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * A date range's checks: when both ends are given, the end is not before the start and at most
 * REPORT_MAX_MONTHS later. The ends are `start_date` and `end_date` unless named otherwise.
 */
export function dateRangeChecks<T extends Record<string, unknown>>(from = 'start_date', to = 'end_date') {
  const ends = (v: T) => [v[from], v[to]].map((d) => (typeof d === 'string' && d !== '' ? Date.parse(d) : undefined));
  return [
    z.refine<T>((v) => {
      const [start, end] = ends(v);
      return start === undefined || end === undefined || !(end < start);
    }, { message: 'validation.endBeforeStart', path: [to] }),
    z.refine<T>((v) => {
      const [start, end] = ends(v);
      return start === undefined || end === undefined || !(end > addMonths(new Date(start), REPORT_MAX_MONTHS).getTime());
    }, { message: 'validation.rangeTooLong', path: [to] }),
  ] as const;
}

/**
 * POST api/credit-share-log-download-date-range: end not before start, at most 3 months apart.
 * A date without a time covers its whole day (the end date is inclusive).
 */
export const dateRangeBody = z.object({ start_date: dateField, end_date: dateField }).check(...dateRangeChecks());
export type DateRangeBody = z.infer<typeof dateRangeBody>;

/** POST api/credit-share-log-download/resellerlist. */
export const resellerReportBody = z.object({ reseller_id: idLike });
export type ResellerReportBody = z.infer<typeof resellerReportBody>;

/** POST api/activation-report-download-reseller-list: one reseller's activations, optionally of one module. */
export const activationReportBody = z.object({
  reseller_id: idLike,
  moduleType: moduleTypeField,
});
export type ActivationReportBody = z.infer<typeof activationReportBody>;

/** The activation report's columns (business-panel.md §3, activated device record). */
export const ACTIVATION_REPORT_COLUMNS = [
  'id',
  'module',
  'mac_address',
  'reseller_email',
  'box_expiry_date',
  'credit_point',
  'comment',
  'activated_from',
  'created_at',
] as const;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['credit'];

export const creditPointsAnswer = ok({ credit_point: z.number(), data: z.object({ credit_point: z.number() }) });
export type CreditPointsAnswer = z.infer<typeof creditPointsAnswer>;

/** The caller's own balance. */
export const creditPointsEndpoint = endpoint({ method: 'GET', path: '/get-resellers/credit-points', tags, answer: creditPointsAnswer });

export const rechargeCreditEndpoint = endpoint({
  method: 'POST',
  path: '/admin-recharge-credit',
  tags,
  permission: 'recharge credit',
  body: rechargeBody,
  answer: rechargeAnswer,
});

/** The reseller list's moves: validated by the route (catalogue codes C10010/C10011), declared here for the document. */
export const addCreditPointEndpoint = endpoint({
  method: 'POST',
  path: '/resellers/:id/add-credit-point',
  tags,
  permission: 'reseller-list',
  params: z.object({ id: z.string() }),
  body: addCreditBody,
  answer: creditMoveAnswer,
});

export const deductCreditPointEndpoint = endpoint({
  method: 'POST',
  path: '/resellers/:id/deduct-credit-point',
  tags,
  permission: 'deduct-credit',
  params: z.object({ id: z.string() }),
  body: deductCreditBody,
  answer: creditMoveAnswer,
});

export const totalCreditPointsEndpoint = endpoint({ method: 'GET', path: '/total-credit-points', tags, answer: totalCreditPointsAnswer });

export const creditLogsEndpoint = endpoint({
  method: 'POST',
  path: '/credit-transaction-logs',
  tags,
  permission: 'credit-point-share-log',
  body: creditLogsBody,
  answer: creditLogsAnswer,
});

/** CSV downloads: the answer is the file. */
export const creditShareReportEndpoint = endpoint({
  method: 'POST',
  path: '/credit-share-log-download-date-range',
  tags,
  permission: ['credit-point-share-log', 'download-report'],
  body: dateRangeBody,
});

export const creditShareResellerReportEndpoint = endpoint({
  method: 'POST',
  path: '/credit-share-log-download/resellerlist',
  tags,
  permission: 'download-report',
  body: resellerReportBody,
});
