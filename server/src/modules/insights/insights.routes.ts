import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  insightsActivationsAnswer,
  insightsActivationsQuery,
  insightsRefusalsAnswer,
  insightsRefusalsQuery,
  insightsRenewalsAnswer,
  insightsRenewalsQuery,
  insightsRunwayAnswer,
  insightsRunwayQuery,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './insights.service.js';

const tags = ['insights'];

const SCOPE =
  'Permission `insights`. Figures of the caller\'s own account and its whole tree of sub-resellers (direct and deeper; the admin: the whole panel), read from a daily roll-up that every activation, undo, code sale and refund keeps current in its own transaction (today included). `reseller_id` (a number or its digits) narrows the call to that one account\'s own figures: an account outside the caller\'s tree, or none, answers 404. Days are UTC days; dates are `YYYY-MM-DD`.';
const RANGE =
  '`from` and `to` (both included) default to the last 30 days through today (no `from`: `to` minus 29 days); `to` before `from` or a range over 366 days answers 422 on `to`. An empty value is a missing one.';

export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/insights/activations',
    {
      config: { permission: 'insights' },
      schema: {
        tags,
        description: `Activations and credits per period. ${SCOPE} ${RANGE} \`interval\` is day (default), week (starting on Monday) or month; every period of the range is listed, zeros included, the first starting at \`from\`. \`activations\` counts activation rows (one per app and device) and activation codes sold, undone activations and refunded codes left out; \`credits\` the credits they cost (code renewals included), net of refunds; \`refunds\` the undone activations (on their own day) and refunded codes (on the refund's day). \`by_application\` splits the activations of each application (codes are none's), \`by_package\` counts 1-Year, Lifetime and code. \`application_id\` (422 when no application has it) and \`package\` (1-Year, Lifetime or code, else 422) filter.`,
        querystring: insightsActivationsQuery,
        response: { 200: insightsActivationsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.activations({ ctx, query: request.query }) };
    },
  );

  app.get(
    '/insights/renewals',
    {
      config: { permission: 'insights' },
      schema: {
        tags,
        description: `Renewals to come and the renewal rate. ${SCOPE} Each 1-Year activation is a paid term ending at its expiry (lifetime ones never end; undone ones are left out); a later activation of the same device renews it when it comes before the end or at most 30 days after. \`expiring\`: terms ending within 7, 30 and 90 days (today included) that nothing renewed yet. \`renewal_rate\`: of the terms that ended in the last 90 days (\`expired\`), the renewed ones; \`rate\` = renewed / expired (4 decimals), null when none ended. \`credits_needed\`: what renewing the expiring terms at that rate will cost, expiring × rate × the price of a 1-Year activation of one app (1 credit), rounded up to a whole credit.`,
        querystring: insightsRenewalsQuery,
        response: { 200: insightsRenewalsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.renewals({ ctx, query: request.query }) };
    },
  );

  app.get(
    '/insights/runway',
    {
      config: { permission: 'insights' },
      schema: {
        tags,
        description:
          "How long each sub-reseller's credit lasts. Permission `insights`. One row per account below the caller (direct and deeper, removed ones left out; the admin: every account but the admins), or only the account `reseller_id` of the caller's tree (404 outside it). `daily_spend`: the credits the account itself spent per day (activations and codes, net of refunds), an exponentially weighted moving average of its daily spend (UTC days, today included): α × Σ spend(age) × (1 − α)^age with α = 2/29, the weight of a 28-day average; 2 decimals. `days_left`: floor(balance / daily_spend), null when daily_spend is 0. `dormant`: nothing spent in the last 30 days; `empty`: balance 0. `sort` days_left (default), balance, daily_spend or username (the e-mail), `order` asc (default) or desc, nulls last either way; paged by `page` and `per_page` (at most 100) as the other lists.",
        querystring: insightsRunwayQuery,
        response: { 200: insightsRunwayAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), ...(await service.runway({ ctx, query: request.query })) };
    },
  );

  app.get(
    '/insights/refusals',
    {
      config: { permission: 'insights' },
      schema: {
        tags,
        description: `Refused activations by reason. ${SCOPE} ${RANGE} Counts every activation request refused (the activation screen's and the API's, each row of a bulk file; the sandbox's and the price checks are not counted), one per request, under the account that sent it: \`not_enough_credit\`, \`device_not_registered\`, \`already_lifetime\`, \`device_disabled\`, \`app_not_allowed\`, \`price_changed\`, \`spend_cap\` (an API key's daily cap) and \`other\`. Every reason is listed, zeros included, the most frequent first.`,
        querystring: insightsRefusalsQuery,
        response: { 200: insightsRefusalsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.refusals({ ctx, query: request.query }) };
    },
  );
};
