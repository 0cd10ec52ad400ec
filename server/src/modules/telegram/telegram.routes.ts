import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteStorefrontTelegramEndpoint,
  saveStorefrontTelegramEndpoint,
  storeTelegramWebhookEndpoint,
  testStorefrontTelegramEndpoint,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { receiveUpdate, type OrderActions } from './telegram-updates.js';
import * as service from './telegram.service.js';

/**
 * Sales → Storefront → Telegram (issue 44): the store's own bot, and the webhook its updates arrive
 * at. Live only: Telegram delivers to one address, and the sandbox has no bot of its own.
 */
export const telegramRoutes: FastifyPluginAsyncZod<{ orders: OrderActions }> = async (app, { orders }) => {
  route(app, saveStorefrontTelegramEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.connect(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.telegramConnected'), data };
  });

  route(app, deleteStorefrontTelegramEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.disconnect(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.telegramDisconnected'), data };
  });

  route(app, testStorefrontTelegramEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.sendTest(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.telegramTestSent') };
  });

  // Acknowledged as soon as the update is proven and recorded; the work follows the answer.
  route(app, storeTelegramWebhookEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await receiveUpdate(ctx, orders, request.params.storefrontId, request.headers['x-telegram-bot-api-secret-token'], request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok') };
  });
};
