import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apkPlanAnswer, apkPlanFields, apkPlansAnswer, idParam, okEnvelope, translate } from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import * as service from './apk.service.js';

const tags = ['apk'];
const multipartDescription = 'multipart/form-data: name, description, apk_url (http or https) and an optional image file (PNG, JPEG, WebP or SVG, at most 2 MB), checked by content.';

export const apkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every signed-in account sees the Download APK cards: no permission beyond a session.
  app.get('/apk-plans', { schema: { tags, response: { 200: apkPlansAnswer } } }, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.listPlans(ctx) };
  });

  app.post(
    '/add-apk-plans',
    {
      config: { permission: 'add-apk' },
      preValidation: multipartBody(),
      schema: { tags, description: multipartDescription, body: apkPlanFields, response: { 201: apkPlanAnswer } },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.createPlan(ctx, request.body, uploadedFile(request, 'image'));
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'apk.created'), data });
    },
  );

  app.post(
    '/update-apk-plans/:id',
    {
      config: { permission: 'edit-apk-plan' },
      preValidation: multipartBody(),
      schema: { tags, description: `${multipartDescription} Without an image the plan keeps its picture.`, params: idParam, body: apkPlanFields, response: { 200: apkPlanAnswer } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.updatePlan(ctx, request.params.id, request.body, uploadedFile(request, 'image'));
      return { status: true as const, msg: translate(ctx.locale, 'apk.updated'), data };
    },
  );

  app.delete(
    '/delete-apk-plans/:id',
    { config: { permission: 'delete-apk-plan' }, schema: { tags, params: idParam, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.deletePlan(ctx, request.params.id);
      return { status: true as const, msg: translate(ctx.locale, 'apk.deleted') };
    },
  );
};
