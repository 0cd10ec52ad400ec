import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowedApplicationsEndpoint,
  applicationEndpoint,
  applicationsEndpoint,
  createApplicationEndpoint,
  deleteApplicationEndpoint,
  setApplicationVisibilityEndpoint,
  translate,
  updateApplicationEndpoint,
  uploadApplicationLogoEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import * as service from './applications.service.js';

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, allowedApplicationsEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'success.ok'),
    data: { ApplicationList: await service.allowedApplications(ctxOf(request)) },
  }));

  route(app, applicationsEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'success.ok'),
    data: await service.listApplications({ ctx: ctxOf(request), query: request.query }),
  }));

  route(app, applicationEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'success.ok'),
    data: await service.getApplication({ ctx: ctxOf(request), id: request.params.id }),
  }));

  route(
    app,
    createApplicationEndpoint,
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.createApplication({ ctx, input: request.body, logo: uploadedFile(request, 'appLogo') });
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.applicationCreated'), data });
    },
    { preValidation: multipartBody() },
  );

  route(app, updateApplicationEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.updateApplication({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.applicationUpdated'), data };
  });

  route(
    app,
    uploadApplicationLogoEndpoint,
    async (request) => {
      const ctx = ctxOf(request);
      const appLogo = await service.uploadLogo({ ctx, id: request.params.id, logo: uploadedFile(request, 'appLogo') });
      return { status: true as const, msg: translate(ctx.locale, 'success.logoUploaded'), data: { app_logo: appLogo } };
    },
    { preValidation: multipartBody() },
  );

  route(app, deleteApplicationEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deleteApplication({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.applicationDeleted') };
  });

  route(app, setApplicationVisibilityEndpoint, async (request) => {
    const ctx = ctxOf(request);
    const data = await service.setVisibility({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, data.hidden ? 'success.applicationHidden' : 'success.applicationShown'), data };
  });
};
