import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allowedApplicationsAnswer,
  applicationAnswer,
  applicationCreateFields,
  applicationLogoAnswer,
  applicationsAnswer,
  applicationsQuery,
  applicationUpdateBody,
  applicationVisibilityBody,
  idParam,
  okEnvelope,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import * as service from './applications.service.js';

const tags = ['applications'];
/** Who may open an application's form: the list's row actions, or adding applications. */
const editors = ['actions-app-list', 'add-module'] as const;
const readers = ['app-list', 'actions-app-list', 'add-module'] as const;

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fetch-allowed-applications',
    { schema: { tags, response: { 200: allowedApplicationsAnswer } } },
    async (request) => ({
      status: true as const,
      msg: translate(request.locale, 'success.ok'),
      data: { ApplicationList: await service.allowedApplications(ctxOf(request)) },
    }),
  );

  app.get(
    '/get-applications',
    { config: { permission: 'app-list' }, schema: { tags, querystring: applicationsQuery, response: { 200: applicationsAnswer } } },
    async (request) => ({
      status: true as const,
      msg: translate(request.locale, 'success.ok'),
      data: await service.listApplications({ ctx: ctxOf(request), query: request.query }),
    }),
  );

  app.get(
    '/get-application/:id',
    { config: { permission: readers }, schema: { tags, params: idParam, response: { 200: applicationAnswer } } },
    async (request) => ({
      status: true as const,
      msg: translate(request.locale, 'success.ok'),
      data: await service.getApplication({ ctx: ctxOf(request), id: request.params.id }),
    }),
  );

  app.post(
    '/create-applications',
    {
      config: { permission: 'add-module' },
      preValidation: multipartBody(),
      schema: {
        tags,
        description: 'multipart/form-data: appName, appPlaceLocation and an optional appLogo file (PNG, JPEG, WebP or SVG, at most 2 MB).',
        body: applicationCreateFields,
        response: { 201: applicationAnswer },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const data = await service.createApplication({ ctx, input: request.body, logo: uploadedFile(request, 'appLogo') });
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.applicationCreated'), data });
    },
  );

  app.put(
    '/update-applications/:id',
    { config: { permission: editors }, schema: { tags, params: idParam, body: applicationUpdateBody, response: { 200: applicationAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.updateApplication({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.applicationUpdated'), data };
    },
  );

  app.post(
    '/application/:id/upload-logo',
    {
      config: { permission: editors },
      preValidation: multipartBody(),
      schema: {
        tags,
        description: 'multipart/form-data: the appLogo file (PNG, JPEG, WebP or SVG, at most 2 MB), checked by content.',
        params: idParam,
        response: { 200: applicationLogoAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const appLogo = await service.uploadLogo({ ctx, id: request.params.id, logo: uploadedFile(request, 'appLogo') });
      return { status: true as const, msg: translate(ctx.locale, 'success.logoUploaded'), data: { app_logo: appLogo } };
    },
  );

  app.delete(
    '/delete-applications/:id',
    {
      config: { permission: 'remove-app' },
      schema: {
        tags,
        description: 'An application allowed to resellers or with registered devices cannot be deleted: 409 APPLICATION_IN_USE; hide it instead.',
        params: idParam,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await service.deleteApplication({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.applicationDeleted') };
    },
  );

  app.put(
    '/applications/:id/visibility',
    {
      config: { permission: ['remove-app', 'actions-app-list'] },
      schema: {
        tags,
        description:
          "This panel's addition to the specification: hide an application (it stays on existing devices, but is offered for no new activation) or show it again.",
        params: idParam,
        body: applicationVisibilityBody,
        response: { 200: applicationAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await service.setVisibility({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, data.hidden ? 'success.applicationHidden' : 'success.applicationShown'), data };
    },
  );
};
