import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addApkPlanEndpoint, apkPlansEndpoint, deleteApkPlanEndpoint, translate, updateApkPlanEndpoint } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import * as service from './apk.service.js';

export const apkRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, apkPlansEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.listPlans(ctx) };
  });

  route(
    app,
    addApkPlanEndpoint,
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.createPlan(ctx, request.body, uploadedFile(request, 'image'));
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'apk.created'), data });
    },
    { preValidation: multipartBody() },
  );

  route(
    app,
    updateApkPlanEndpoint,
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.updatePlan(ctx, request.params.id, request.body, uploadedFile(request, 'image'));
      return { status: true as const, msg: translate(ctx.locale, 'apk.updated'), data };
    },
    { preValidation: multipartBody() },
  );

  route(app, deleteApkPlanEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deletePlan(ctx, request.params.id);
    return { status: true as const, msg: translate(ctx.locale, 'apk.deleted') };
  });
};
