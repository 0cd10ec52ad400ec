import * as z from 'zod/mini';
import { ok } from './common.js';
import { endpoint } from './endpoint.js';
import { INSIGHTS_DEFAULT_RANGE_DAYS, INSIGHTS_MAX_RANGE_DAYS, rangeChecks, rangeFields } from './insights.js';
import { STORE_ORDER_STATUSES } from './store-orders.js';

/**
 * The Sales card on Insights (issue 43): what the caller's own store sold in a range of days.
 * The range reads as the other Insights calls' do (`from`/`to`, UTC days, both included).
 */

export const storeSalesQuery = z.object({ ...rangeFields }).check(...rangeChecks());
export type StoreSalesQuery = z.infer<typeof storeSalesQuery>;
export type StoreSalesParams = z.input<typeof storeSalesQuery>;

const count = z.number();

export const storeSales = z.object({
  /** Per currency (a store may have changed its currency between sales): the activated orders' prices, in minor units, and how many. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number(), orders: z.number() })),
  /** Orders placed in the range, by their status now. */
  orders_by_status: z.object(Object.fromEntries(STORE_ORDER_STATUSES.map((s) => [s, count])) as Record<(typeof STORE_ORDER_STATUSES)[number], typeof count>),
  /** The credit points the activated orders cost the reseller. */
  credits_spent: z.number(),
  /** The range's ends as served (`YYYY-MM-DD`, both included). */
  from: z.string(),
  to: z.string(),
});
export type StoreSales = z.infer<typeof storeSales>;
export const storeSalesAnswer = ok({ data: storeSales });
export type StoreSalesAnswer = z.infer<typeof storeSalesAnswer>;

export const storeSalesEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/sales',
  tags: ['storefront'],
  permission: 'storefront',
  description: `The caller's own store's sales (never a sub-reseller's or another account's). \`revenue\` (per currency, \`amount\` in minor units) and \`credits_spent\` count the orders activated in the range (by their activation time); \`orders_by_status\` counts the orders placed in the range, by their status now. \`from\` and \`to\` (\`YYYY-MM-DD\`, UTC days, both included) default to the last ${INSIGHTS_DEFAULT_RANGE_DAYS} days through today; \`to\` before \`from\` or a range over ${INSIGHTS_MAX_RANGE_DAYS} days answers 422 on \`to\`.`,
  query: storeSalesQuery,
  answer: storeSalesAnswer,
});
