import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeAnswer,
  codeListAnswer,
  codeListQuery,
  codePlaylistsAnswer,
  codeValueBody,
  codeValueParam,
  createCodesAnswer,
  createCodesBody,
  deleteCodeAnswer,
  editCodePlaylistsBody,
  getCodePlaylistsBody,
  renewCodeAnswer,
  resetCodeAnswer,
  resetCodeBody,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { requestIdFrom } from '../../lib/idempotency.js';
import * as service from './codes.service.js';

const tags = ['activation codes'];
const OTHER_RESELLER = "`resellerEmail` names another reseller's code: that needs";

export const codesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activation-codes',
    {
      config: { permission: 'index-code' },
      schema: {
        tags,
        description:
          "The caller's codes created in a date range (default: the last 3 months through today; longer is a 422 'Date range cannot exceed 3 months'), newest first. `search_query` (3+ characters) matches the start of a code or of the MAC address that redeemed it, and with ibopro-search the reseller's e-mail. Each code's `refundable_points` is what deleting it would give back now, for this caller (0, with `refund_refused`, when nothing would).",
        querystring: codeListQuery,
        response: { 200: codeListAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'codes.listed'), ...(await service.listCodes({ ctx, query: request.query })) };
    },
  );

  app.post(
    '/sendingcode',
    {
      config: { permission: 'purchase-code' },
      schema: {
        tags,
        description:
          'Buys 1 to 10 codes in one transaction (yearly 1 credit each, lifetime 2), paid by the caller. `resellerEmail` creates them for another reseller in reach (ibopro-search). A `request-id` header makes a repeat within 24 hours answer the first result and charge nothing.',
        body: createCodesBody,
        response: { 200: createCodesAnswer },
      },
    },
    async (request) => service.createCodes({ ctx: ctxOf(request), input: request.body, requestId: requestIdFrom(request.headers['request-id']) }),
  );

  app.post(
    '/update-code-status',
    {
      config: { permission: 'change-code-status' },
      schema: { tags, description: `Flips status between 1 and 0 (refused on an expired code). ${OTHER_RESELLER} change-any-status.`, body: codeValueBody, response: { 200: codeAnswer } },
    },
    async (request) => service.toggleStatus({ ctx: ctxOf(request), input: request.body }),
  );

  app.post(
    '/renew-code',
    {
      config: { permission: 'renew-code' },
      schema: {
        tags,
        description: `A yearly code gains a year from its expiry (from now once expired) for 1 credit; its device follows. Honours \`request-id\`. ${OTHER_RESELLER} renew-any-code.`,
        body: codeValueBody,
        response: { 200: renewCodeAnswer },
      },
    },
    async (request) => service.renewCode({ ctx: ctxOf(request), input: request.body, requestId: requestIdFrom(request.headers['request-id']) }),
  );

  app.post(
    '/reset-code',
    {
      config: { permission: 'reset-code' },
      schema: {
        tags,
        description: `A new value (the old one stops working at once); the code is freed from its device, which loses the time the code gave it. ${OTHER_RESELLER} reset-any-code.`,
        body: resetCodeBody,
        response: { 200: resetCodeAnswer },
      },
    },
    async (request) => service.resetCode({ ctx: ctxOf(request), input: request.body }),
  );

  app.post(
    '/delete-code',
    {
      config: { permission: 'delete-code' },
      schema: { tags, description: `Removes the code and its playlists. A code never redeemed nor renewed, bought within the admin's undo window (GET /api/settings/activation-undo; default 24 hours, 0: off), deleted by the account that paid for it, its parent or an admin gives its price back to the payer: one Refund ledger row in the same transaction; \`refunded_points\` says how many came back (0 otherwise, with \`refund_refused\`: off, redeemed, late, renewed or notPayer; the code is deleted either way). Two deletes at once refund once (the second answers 404). ${OTHER_RESELLER} delete-any-codes.`, body: codeValueBody, response: { 200: deleteCodeAnswer } },
    },
    async (request) => service.deleteCode({ ctx: ctxOf(request), input: request.body }),
  );

  app.post(
    '/get-playlist/:codeValue',
    {
      config: { permission: 'view-code' },
      schema: { tags, description: `The code's playlists (refused on an expired code, like every action but Renew and Delete). ${OTHER_RESELLER} view-any-playlist.`, params: codeValueParam, body: getCodePlaylistsBody, response: { 200: codePlaylistsAnswer } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const playlists = await service.codePlaylists({ ctx, value: request.params.codeValue, resellerEmail: request.body?.resellerEmail });
      return { status: true as const, msg: translate(ctx.locale, 'codes.playlistsLoaded'), playlists };
    },
  );

  app.post(
    '/edit-playlist/:codeValue',
    {
      config: { permission: 'edit-code' },
      schema: {
        tags,
        description: `Replaces the code's playlists (URL required and valid, name required and unique ignoring case, EPG optional). ${OTHER_RESELLER} edit-any-code.`,
        params: codeValueParam,
        body: editCodePlaylistsBody,
        response: { 200: codePlaylistsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const playlists = await service.editCodePlaylists({ ctx, value: request.params.codeValue, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'codes.playlistsSaved'), playlists };
    },
  );
};
