import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createStorefrontProductEndpoint,
  deleteStorefrontLogoEndpoint,
  deleteStorefrontProductEndpoint,
  deleteStorefrontStripeEndpoint,
  publicStorefrontEndpoint,
  saveManualPaymentEndpoint,
  saveStorefrontEndpoint,
  saveStorefrontStripeEndpoint,
  storefrontEndpoint,
  storefrontProductsEndpoint,
  translate,
  updateStorefrontProductEndpoint,
  uploadStorefrontLogoEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import * as service from './storefront.service.js';

/** Sales → Storefront (issue 43): the caller's own store settings and products. */
export const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, storefrontEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.get(ctx) };
  });

  route(app, saveStorefrontEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.save(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.storefrontSaved'), data };
  });

  route(app, saveManualPaymentEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.saveManual(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.manualPaymentSaved'), data };
  });

  route(app, saveStorefrontStripeEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.saveStripe(ctx, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.stripeSaved'), data };
  });

  route(app, deleteStorefrontStripeEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.removeStripe(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.stripeRemoved'), data };
  });

  route(
    app,
    uploadStorefrontLogoEndpoint,
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.uploadLogo(ctx, uploadedFile(request, 'logo'));
      return { status: true as const, msg: translate(ctx.locale, 'success.logoUploaded'), data };
    },
    { preValidation: multipartBody() },
  );

  route(app, deleteStorefrontLogoEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.removeLogo(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.logoRemoved'), data };
  });

  route(app, storefrontProductsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.listProducts(ctx) };
  });

  route(app, createStorefrontProductEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const data = await service.createProduct(ctx, request.body);
    return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.productCreated'), data });
  });

  route(app, updateStorefrontProductEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.updateProduct(ctx, request.params.id, request.body);
    return { status: true as const, msg: translate(ctx.locale, 'success.productUpdated'), data };
  });

  route(app, deleteStorefrontProductEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deleteProduct(ctx, request.params.id);
    return { status: true as const, msg: translate(ctx.locale, 'success.productDeleted') };
  });

  route(app, publicStorefrontEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.publicStore(ctx, request.params.slug) };
  });
};
