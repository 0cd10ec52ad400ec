import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addResellerEndpoint,
  addSubResellerEndpoint,
  assignResellerEndpoint,
  changeResellerPasswordEndpoint,
  changeResellerRoleEndpoint,
  countResellersEndpoint,
  deletedResellersEndpoint,
  disableApiAccessEndpoint,
  editResellerEndpoint,
  enableApiAccessEndpoint,
  listResellersEndpoint,
  parentResellerEndpoint,
  promoteSubResellerEndpoint,
  reactivateResellerEndpoint,
  removeResellerEndpoint,
  resellerApiKeyEndpoint,
  showResellerEndpoint,
  subResellerDetailEndpoint,
  subResellersEndpoint,
  switchAssignCandidatesEndpoint,
  translate,
  uploadResellerLogoEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import * as service from './resellers.service.js';

const done = (request: FastifyRequest, key: string) => ({ status: true as const, msg: translate(request.locale, key) });

export const resellersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, listResellersEndpoint, async (request) => ({
    ...done(request, 'success.ok'),
    ...(await service.listResellers({ ctx: ctxOf(request), query: request.query, state: 'live' })),
  }));

  route(app, deletedResellersEndpoint, async (request) => ({
    ...done(request, 'success.ok'),
    ...(await service.listResellers({ ctx: ctxOf(request), query: request.query, state: 'removed' })),
  }));

  route(app, countResellersEndpoint, async (request) => ({ ...done(request, 'success.ok'), meta: { total: await service.countResellers(ctxOf(request)) } }));

  route(app, reactivateResellerEndpoint, async (request) => {
    await service.reactivateReseller({ ctx: ctxOf(request), id: request.body.requestData.resellerId });
    return done(request, 'success.resellerReactivated');
  });

  route(app, addResellerEndpoint, async (request, reply) => {
    const id = await service.addReseller({ ctx: ctxOf(request), input: request.body, sub: false });
    return reply.status(201).send({ ...done(request, 'success.resellerCreated'), data: { id } });
  });

  route(app, addSubResellerEndpoint, async (request, reply) => {
    const id = await service.addReseller({ ctx: ctxOf(request), input: request.body, sub: true });
    return reply.status(201).send({ ...done(request, 'success.subResellerCreated'), data: { id } });
  });

  route(app, showResellerEndpoint, async (request) => ({
    ...done(request, 'success.ok'),
    data: await service.showReseller({ ctx: ctxOf(request), id: request.params.id }),
  }));

  route(app, editResellerEndpoint, async (request) => {
    await service.editReseller({ ctx: ctxOf(request), id: request.params.id, input: request.body });
    return done(request, 'success.resellerUpdated');
  });

  route(app, changeResellerPasswordEndpoint, async (request) => {
    await service.changeResellerPassword({ ctx: ctxOf(request), id: request.params.id, input: request.body });
    return done(request, 'success.passwordChanged');
  });

  route(app, removeResellerEndpoint, async (request) => {
    await service.removeReseller({ ctx: ctxOf(request), id: request.body.requestData.resellerId });
    return done(request, 'success.resellerRemoved');
  });

  route(app, promoteSubResellerEndpoint, async (request) => {
    await service.promoteSubReseller({ ctx: ctxOf(request), id: request.body.requestData.resellerId });
    return done(request, 'success.resellerPromoted');
  });

  route(app, changeResellerRoleEndpoint, async (request) => {
    await service.changeResellerRole({ ctx: ctxOf(request), id: request.params.id, roleId: request.body.role_id });
    return done(request, 'success.roleChanged');
  });

  route(app, parentResellerEndpoint, async (request) => ({
    ...done(request, 'success.ok'),
    data: await service.parentOf({ ctx: ctxOf(request), id: request.params.id }),
  }));

  route(app, subResellersEndpoint, async (request) => ({
    ...done(request, 'success.ok'),
    ...(await service.subResellers({ ctx: ctxOf(request), id: request.params.id, query: request.query })),
  }));

  route(app, switchAssignCandidatesEndpoint, async (request) => ({
    ...done(request, 'success.ok'),
    data: { IBOReseller: await service.switchAssignCandidates({ ctx: ctxOf(request), query: request.query }) },
  }));

  route(app, subResellerDetailEndpoint, async (request) => ({
    ...done(request, 'success.ok'),
    data: { IBOReseller: await service.subResellerDetail({ ctx: ctxOf(request), id: request.params.id }) },
  }));

  route(app, assignResellerEndpoint, async (request) => {
    await service.assignReseller({ ctx: ctxOf(request), input: request.body });
    // The client reads success from httpCode '200' (business-panel.md §7).
    return { ...done(request, 'success.resellerAssigned'), httpCode: '200' };
  });

  route(
    app,
    uploadResellerLogoEndpoint,
    async (request) => {
      const logoPath = await service.uploadLogo({ ctx: ctxOf(request), id: request.params.id, file: uploadedFile(request, 'logo') });
      return { ...done(request, 'success.logoUploaded'), data: { logo_path: logoPath } };
    },
    { preValidation: multipartBody() },
  );

  route(app, resellerApiKeyEndpoint, async (request, reply) => {
    // A secret: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return { ...done(request, 'success.ok'), data: await service.apiKey({ ctx: ctxOf(request), id: request.params.id }) };
  });

  for (const [endpoint, enabled] of [
    [enableApiAccessEndpoint, true],
    [disableApiAccessEndpoint, false],
  ] as const) {
    route(app, endpoint, async (request) => {
      const apiAccess = await service.setApiAccess({ ctx: ctxOf(request), id: request.params.id, enabled });
      return { ...done(request, enabled ? 'success.apiAccessEnabled' : 'success.apiAccessDisabled'), data: { api_access: apiAccess } };
    });
  }
};
