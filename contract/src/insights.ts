import * as z from 'zod/mini';
import { listMeta, ok } from './common.js';
import { endpoint } from './endpoint.js';
import { dateField } from './credit.js';
import { ACTIVATION_PACKAGES } from './activation.js';
import { defaultedField, ID_MAX, optionalField, pageNumberField, pageSizeField, queryInt } from './fields.js';

/**
 * Insights (issue 27): the figures a reseller runs its business on, for the caller's own account
 * and its tree (the admin: every account). Four GET calls, read from a daily roll-up that the
 * database keeps current at every activation, undo, code sale and refund. Days are UTC days.
 */

export const INSIGHTS_PATH = '/insights';

/** A range covers at most this many days, both ends included (a leap year). */
export const INSIGHTS_MAX_RANGE_DAYS = 366;
/** The range when the call names none: the last 30 days through today. */
export const INSIGHTS_DEFAULT_RANGE_DAYS = 30;
export const INSIGHT_INTERVALS = ['day', 'week', 'month'] as const;
export type InsightInterval = (typeof INSIGHT_INTERVALS)[number];
/** What one period counts by package: the two activation packages, and activation codes sold. */
export const INSIGHT_PACKAGES = [...ACTIVATION_PACKAGES, 'code'] as const;
export type InsightPackage = (typeof INSIGHT_PACKAGES)[number];
/** Horizons of the renewals figures, in days. */
export const INSIGHT_EXPIRY_HORIZONS = [7, 30, 90] as const;
/** The renewal rate looks at devices whose paid time ended in this many last days... */
export const RENEWAL_RATE_LOOKBACK_DAYS = 90;
/** ...and counts one as renewed when it was activated again at most this many days after it ended. */
export const RENEWAL_GRACE_DAYS = 30;
/** The runway's daily spend: an exponentially weighted moving average with the weight of this many days' average (α = 2 / (N + 1)). */
export const RUNWAY_EWMA_DAYS = 28;
/** An account that spent nothing in this many days is dormant. */
export const RUNWAY_DORMANT_DAYS = 30;

/**
 * Why an activation (a single one or a line of a bulk file; sandbox ones are not counted) was
 * refused, as the Insights screen groups refusals. The web words each as `insights.refusal.<reason>`.
 * - `not_enough_credit`: the balance did not cover the price;
 * - `device_not_registered`: the device never opened the app, so the panel does not know it;
 * - `already_lifetime`: the device has a lifetime activation already;
 * - `device_disabled`: the device is disabled;
 * - `app_not_allowed`: the app is not among the caller's allowed apps, is hidden or unknown, or the caller has no app at all;
 * - `price_changed`: the client showed another price than the server charges;
 * - `spend_cap`: the API key's daily spend cap would be passed;
 * - `other`: any other refusal.
 */
export const INSIGHT_REFUSAL_REASONS = [
  'not_enough_credit',
  'device_not_registered',
  'already_lifetime',
  'device_disabled',
  'app_not_allowed',
  'price_changed',
  'spend_cap',
  'other',
] as const;
export type InsightRefusalReason = (typeof INSIGHT_REFUSAL_REASONS)[number];

/**
 * Narrows a call to one account of the caller's tree (itself included): that account's own
 * figures, without its sub-resellers'. 404 for an account outside the tree.
 */
const resellerIdField = optionalField(queryInt(1, ID_MAX, { min: 'validation.invalid', max: 'validation.invalid', invalid: 'validation.invalid' }));

/**
 * A range's ends (`YYYY-MM-DD`, UTC days, both included). Either may be left out: no `to` is
 * today; no `from` is `to` minus 29 days. `to` before `from`, or more than
 * INSIGHTS_MAX_RANGE_DAYS days: 422 on `to`.
 */
export const rangeFields = {
  from: optionalField(dateField),
  to: optionalField(dateField),
};

const DAY_MS = 86_400_000;

/** The range's checks when both ends are given; the server checks the same on the ends it resolves. */
export function rangeChecks<T extends { from?: string | undefined; to?: string | undefined }>() {
  const ends = (v: T) => [v.from, v.to].map((d) => (typeof d === 'string' && d !== '' ? Date.parse(d.slice(0, 10)) : undefined));
  return [
    z.refine<T>((v) => {
      const [start, end] = ends(v);
      return start === undefined || end === undefined || !(end < start);
    }, { message: 'validation.endBeforeStart', path: ['to'] }),
    z.refine<T>((v) => {
      const [start, end] = ends(v);
      return start === undefined || end === undefined || end < start || (end - start) / DAY_MS + 1 <= INSIGHTS_MAX_RANGE_DAYS;
    }, { message: 'validation.insightsRangeTooLong', path: ['to'] }),
  ] as const;
}

// ---------------------------------------------------------------------------------------------
// GET /api/insights/activations
// ---------------------------------------------------------------------------------------------

export const insightsActivationsQuery = z
  .object({
    ...rangeFields,
    interval: defaultedField(z.enum(INSIGHT_INTERVALS, 'validation.invalid'), 'day'),
    /** Only this application's activations (codes are no application's: `code` counts 0 then). 422 when no application has this id. */
    application_id: optionalField(queryInt(1, ID_MAX, { min: 'validation.unknownApplication', max: 'validation.unknownApplication', invalid: 'validation.unknownApplication' })),
    /** Only this package: `1-Year`, `Lifetime` or `code`. */
    package: optionalField(z.enum(INSIGHT_PACKAGES, 'validation.insightsPackage')),
    reseller_id: resellerIdField,
  })
  .check(...rangeChecks());
export type InsightsActivationsQuery = z.infer<typeof insightsActivationsQuery>;
export type InsightsActivationsParams = z.input<typeof insightsActivationsQuery>;

export const insightsByPackage = z.object({ '1-Year': z.number(), Lifetime: z.number(), code: z.number() });
export type InsightsByPackage = z.infer<typeof insightsByPackage>;

export const insightsPeriod = z.object({
  /** The period's first day inside the range (`YYYY-MM-DD`): a week starts on Monday, a month on its 1st; the first period starts at `from`. */
  start: z.string(),
  /** Activations (one per app and device) and codes sold in the period, the undone and refunded ones left out. */
  activations: z.number(),
  /** Credits spent on them, net of refunds. */
  credits: z.number(),
  /** Activations of the period undone since, and codes of the period deleted with a refund. */
  refunds: z.number(),
  /** Per application with activations in the period (codes excluded). */
  by_application: z.array(z.object({ application_id: z.number(), activations: z.number(), credits: z.number() })),
  /** Activations by package and codes sold. */
  by_package: insightsByPackage,
});
export type InsightsPeriod = z.infer<typeof insightsPeriod>;

export const insightsTotals = z.object({ activations: z.number(), credits: z.number(), refunds: z.number() });

export const insightsActivationsAnswer = ok({
  data: z.object({
    from: z.string(),
    to: z.string(),
    interval: z.enum(INSIGHT_INTERVALS),
    /** Every application named in `by_application` of any period, with its name. */
    applications: z.array(z.object({ id: z.number(), name: z.string() })),
    /** Every period of the range, in order, zeros included. */
    periods: z.array(insightsPeriod),
    totals: insightsTotals,
  }),
});
export type InsightsActivationsAnswer = z.infer<typeof insightsActivationsAnswer>;
export type InsightsActivations = InsightsActivationsAnswer['data'];

// ---------------------------------------------------------------------------------------------
// GET /api/insights/renewals
// ---------------------------------------------------------------------------------------------

export const insightsRenewalsQuery = z.object({ reseller_id: resellerIdField });
export type InsightsRenewalsQuery = z.infer<typeof insightsRenewalsQuery>;
export type InsightsRenewalsParams = z.input<typeof insightsRenewalsQuery>;

const horizons = z.object({ days_7: z.number(), days_30: z.number(), days_90: z.number() });

export const insightsRenewalsAnswer = ok({
  data: z.object({
    /**
     * Paid terms ending within 7, 30 and 90 days from today (UTC days, today included) that no later
     * activation renewed: each 1-Year activation (one per app and device, undone ones left out)
     * is a term ending at its expiry; lifetime activations never end.
     */
    expiring: horizons,
    /**
     * Of the terms that ended in the last 90 days (`expired`), those the device renewed by an
     * activation at most 30 days after the end, or before it (`renewed`); `rate` = renewed / expired
     * (0..1, 4 decimals), null when none ended.
     */
    renewal_rate: z.object({ renewed: z.number(), expired: z.number(), rate: z.nullable(z.number()) }),
    /**
     * The credits the expiring terms' renewals will need at that rate: expiring × rate × the price
     * of a 1-Year activation of one app (1 credit), rounded up to a whole credit; 0 when the rate is null.
     */
    credits_needed: horizons,
  }),
});
export type InsightsRenewalsAnswer = z.infer<typeof insightsRenewalsAnswer>;
export type InsightsRenewals = InsightsRenewalsAnswer['data'];

// ---------------------------------------------------------------------------------------------
// GET /api/insights/runway
// ---------------------------------------------------------------------------------------------

export const INSIGHT_RUNWAY_SORTS = ['days_left', 'balance', 'daily_spend', 'username'] as const;
export type InsightRunwaySort = (typeof INSIGHT_RUNWAY_SORTS)[number];

export const insightsRunwayQuery = z.object({
  /** Nulls (no spend, so no end) come last in either order. */
  sort: defaultedField(z.enum(INSIGHT_RUNWAY_SORTS, 'validation.invalid'), 'days_left'),
  order: defaultedField(z.enum(['asc', 'desc'], 'validation.invalid'), 'asc'),
  page: pageNumberField,
  per_page: pageSizeField,
  /** Only this account's row (an account of the caller's tree below the caller). */
  reseller_id: resellerIdField,
});
export type InsightsRunwayQuery = z.infer<typeof insightsRunwayQuery>;
export type InsightsRunwayParams = z.input<typeof insightsRunwayQuery>;

export const insightsRunwayRow = z.object({
  id: z.number(),
  /** The account's e-mail address (accounts sign in with it). */
  username: z.string(),
  balance: z.number(),
  /**
   * Credits the account itself spent per day (activations and codes, net of refunds): an
   * exponentially weighted moving average of its daily spend, today included, with α = 2/29 (the
   * weight of a 28-day average): α × Σ spend(age) × (1 − α)^age over the days it spent. 2 decimals.
   */
  daily_spend: z.number(),
  /** Whole days until the balance runs out at that pace (floor of balance / daily_spend); null when daily_spend is 0. */
  days_left: z.nullable(z.number()),
  /** Nothing spent in the last 30 days. */
  dormant: z.boolean(),
  /** The balance is 0. */
  empty: z.boolean(),
});
export type InsightsRunwayRow = z.infer<typeof insightsRunwayRow>;

export const insightsRunwayAnswer = ok({ data: z.array(insightsRunwayRow), meta: listMeta });
export type InsightsRunwayAnswer = z.infer<typeof insightsRunwayAnswer>;

// ---------------------------------------------------------------------------------------------
// GET /api/insights/refusals
// ---------------------------------------------------------------------------------------------

export const insightsRefusalsQuery = z.object({ ...rangeFields, reseller_id: resellerIdField }).check(...rangeChecks());
export type InsightsRefusalsQuery = z.infer<typeof insightsRefusalsQuery>;
export type InsightsRefusalsParams = z.input<typeof insightsRefusalsQuery>;

export const insightsRefusalsAnswer = ok({
  data: z.object({
    from: z.string(),
    to: z.string(),
    /** Every reason of INSIGHT_REFUSAL_REASONS, zeros included, most frequent first (then in the list's order). */
    reasons: z.array(z.object({ reason: z.enum(INSIGHT_REFUSAL_REASONS), count: z.number() })),
  }),
});
export type InsightsRefusalsAnswer = z.infer<typeof insightsRefusalsAnswer>;
export type InsightsRefusals = InsightsRefusalsAnswer['data'];

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['insights'];

const SCOPE =
  'Permission `insights`. Figures of the caller\'s own account and its whole tree of sub-resellers (direct and deeper; the admin: the whole panel), read from a daily roll-up (today included). The figures are exact: every activation, undo, code sale and refund committed before the call is counted (each writes its record with its money; what the roll-up has not folded yet is folded before the read). `reseller_id` (a number or its digits) narrows the call to that one account\'s own figures: an account outside the caller\'s tree, or none, answers 404. Days are UTC days; dates are `YYYY-MM-DD`.';
const RANGE =
  '`from` and `to` (both included) default to the last 30 days through today (no `from`: `to` minus 29 days); `to` before `from` or a range over 366 days answers 422 on `to`. An empty value is a missing one.';

export const insightsActivationsEndpoint = endpoint({
  method: 'GET',
  path: '/insights/activations',
  tags,
  permission: 'insights',
  description: `Activations and credits per period. ${SCOPE} ${RANGE} \`interval\` is day (default), week (starting on Monday) or month; every period of the range is listed, zeros included, the first starting at \`from\`. \`activations\` counts activation rows (one per app and device) and activation codes sold, undone activations and refunded codes left out; \`credits\` the credits they cost (code renewals included), net of refunds; \`refunds\` the undone activations (on their own day) and refunded codes (on the refund's day). \`by_application\` splits the activations of each application (codes are none's), \`by_package\` counts 1-Year, Lifetime and code. \`application_id\` (422 when no application has it) and \`package\` (1-Year, Lifetime or code, else 422) filter.`,
  query: insightsActivationsQuery,
  answer: insightsActivationsAnswer,
});

export const insightsRenewalsEndpoint = endpoint({
  method: 'GET',
  path: '/insights/renewals',
  tags,
  permission: 'insights',
  description: `Renewals to come and the renewal rate. ${SCOPE} Each 1-Year activation is a paid term ending at its expiry (lifetime ones never end; undone ones are left out); a later activation of the same device renews it when it comes before the end or at most 30 days after. \`expiring\`: terms ending within 7, 30 and 90 days (today included) that nothing renewed yet. \`renewal_rate\`: of the terms that ended in the last 90 days (\`expired\`), the renewed ones; \`rate\` = renewed / expired (4 decimals), null when none ended. \`credits_needed\`: what renewing the expiring terms at that rate will cost, expiring × rate × the price of a 1-Year activation of one app (1 credit), rounded up to a whole credit.`,
  query: insightsRenewalsQuery,
  answer: insightsRenewalsAnswer,
});

export const insightsRunwayEndpoint = endpoint({
  method: 'GET',
  path: '/insights/runway',
  tags,
  permission: 'insights',
  description:
    "How long each sub-reseller's credit lasts. Permission `insights`. One row per account below the caller (direct and deeper, removed ones left out; the admin: every account but the admins), or only the account `reseller_id` of the caller's tree (404 outside it). `daily_spend`: the credits the account itself spent per day (activations and codes, net of refunds), an exponentially weighted moving average of its daily spend (UTC days, today included): α × Σ spend(age) × (1 − α)^age with α = 2/29, the weight of a 28-day average; 2 decimals. `days_left`: floor(balance / daily_spend), null when daily_spend is 0. `dormant`: nothing spent in the last 30 days; `empty`: balance 0. Exact as the other figures: every spend committed before the call is counted. `sort` days_left (default), balance, daily_spend or username (the e-mail), `order` asc (default) or desc, nulls last either way; paged by `page` and `per_page` (at most 100) as the other lists.",
  query: insightsRunwayQuery,
  answer: insightsRunwayAnswer,
});

export const insightsRefusalsEndpoint = endpoint({
  method: 'GET',
  path: '/insights/refusals',
  tags,
  permission: 'insights',
  description: `Refused activations by reason. ${SCOPE} ${RANGE} Counts every activation request refused (the activation screen's and the API's, each row of a bulk file; the sandbox's and the price checks are not counted), one per request, under the account that sent it: \`not_enough_credit\`, \`device_not_registered\`, \`already_lifetime\`, \`device_disabled\`, \`app_not_allowed\`, \`price_changed\`, \`spend_cap\` (an API key's daily cap) and \`other\`. Every reason is listed, zeros included, the most frequent first.`,
  query: insightsRefusalsQuery,
  answer: insightsRefusalsAnswer,
});
