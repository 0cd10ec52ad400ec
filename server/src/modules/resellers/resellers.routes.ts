import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addResellerBody,
  apiAccessAnswer,
  apiKeyAnswer,
  assignResellerAnswer,
  assignResellerBody,
  changeResellerRoleBody,
  createdResellerAnswer,
  editResellerBody,
  idParam,
  logoAnswer,
  okEnvelope,
  parentResellerAnswer,
  resellerCandidatesAnswer,
  resellerIdBody,
  resellerPasswordBody,
  resellersAnswer,
  resellersCountAnswer,
  resellersQuery,
  showResellerAnswer,
  subResellerDetailAnswer,
  subResellersAnswer,
  subResellersQuery,
  switchAssignQuery,
  translate,
  type Permission,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { multipartBody, uploadedFile } from '../../http/uploads.js';
import * as service from './resellers.service.js';

const tags = ['resellers'];
const listReaders: readonly Permission[] = ['reseller-list', 'show-reseller-list'];
const movers: readonly Permission[] = ['switch-reseller', 'assign-reseller'];

const done = (request: FastifyRequest, key: string) => ({ status: true as const, msg: translate(request.locale, key) });

export const resellersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/total-resellers/list',
    { config: { permission: listReaders }, schema: { tags, querystring: resellersQuery, response: { 200: resellersAnswer } } },
    async (request) => ({ ...done(request, 'success.ok'), ...(await service.listResellers({ ctx: ctxOf(request), query: request.query, state: 'live' })) }),
  );

  app.get(
    '/deleted-resellers/list',
    { config: { permission: 'deleted-reseller-list' }, schema: { tags, querystring: resellersQuery, response: { 200: resellersAnswer } } },
    async (request) => ({ ...done(request, 'success.ok'), ...(await service.listResellers({ ctx: ctxOf(request), query: request.query, state: 'removed' })) }),
  );

  app.get(
    '/counting-resellers/totalCount',
    { config: { permission: listReaders }, schema: { tags, response: { 200: resellersCountAnswer } } },
    async (request) => ({ ...done(request, 'success.ok'), meta: { total: await service.countResellers(ctxOf(request)) } }),
  );

  app.post(
    '/reactivate-resellers',
    { config: { permission: 'reactivate-reseller' }, schema: { tags, body: resellerIdBody, response: { 200: okEnvelope } } },
    async (request) => {
      await service.reactivateReseller({ ctx: ctxOf(request), id: request.body.requestData.resellerId });
      return done(request, 'success.resellerReactivated');
    },
  );

  app.post(
    '/add-resellers',
    { config: { permission: 'add-reseller' }, schema: { tags, body: addResellerBody, response: { 201: createdResellerAnswer } } },
    async (request, reply) => {
      const id = await service.addReseller({ ctx: ctxOf(request), input: request.body, sub: false });
      return reply.status(201).send({ ...done(request, 'success.resellerCreated'), data: { id } });
    },
  );

  app.post(
    '/add-subreseller',
    { config: { permission: 'add-sub-reseller' }, schema: { tags, body: addResellerBody, response: { 201: createdResellerAnswer } } },
    async (request, reply) => {
      const id = await service.addReseller({ ctx: ctxOf(request), input: request.body, sub: true });
      return reply.status(201).send({ ...done(request, 'success.subResellerCreated'), data: { id } });
    },
  );

  app.get(
    '/show-resellers/:id',
    { config: { permission: 'edit-reseller' }, schema: { tags, params: idParam, response: { 200: showResellerAnswer } } },
    async (request) => ({ ...done(request, 'success.ok'), data: await service.showReseller({ ctx: ctxOf(request), id: request.params.id }) }),
  );

  app.put(
    '/resellers/:id/edit',
    { config: { permission: 'edit-reseller' }, schema: { tags, params: idParam, body: editResellerBody, response: { 200: okEnvelope } } },
    async (request) => {
      await service.editReseller({ ctx: ctxOf(request), id: request.params.id, input: request.body });
      return done(request, 'success.resellerUpdated');
    },
  );

  app.put(
    '/resellers/:id/change-password',
    { config: { permission: 'edit-reseller' }, schema: { tags, params: idParam, body: resellerPasswordBody, response: { 200: okEnvelope } } },
    async (request) => {
      await service.changeResellerPassword({ ctx: ctxOf(request), id: request.params.id, input: request.body });
      return done(request, 'success.passwordChanged');
    },
  );

  app.post(
    '/resellers/remove',
    { config: { permission: 'remove-reseller' }, schema: { tags, body: resellerIdBody, response: { 200: okEnvelope } } },
    async (request) => {
      await service.removeReseller({ ctx: ctxOf(request), id: request.body.requestData.resellerId });
      return done(request, 'success.resellerRemoved');
    },
  );

  app.post(
    '/privilege-resellers/change-role',
    { config: { permission: 'update-role' }, schema: { tags, body: resellerIdBody, response: { 200: okEnvelope } } },
    async (request) => {
      await service.promoteSubReseller({ ctx: ctxOf(request), id: request.body.requestData.resellerId });
      return done(request, 'success.resellerPromoted');
    },
  );

  app.post(
    '/change-resellers/:id/role',
    { config: { permission: ['update-role', 'change-role'] }, schema: { tags, params: idParam, body: changeResellerRoleBody, response: { 200: okEnvelope } } },
    async (request) => {
      await service.changeResellerRole({ ctx: ctxOf(request), id: request.params.id, roleId: request.body.role_id });
      return done(request, 'success.roleChanged');
    },
  );

  app.get(
    '/show-parent-reseller/:id',
    { config: { permission: [...movers, 'sub-reseller-list'] }, schema: { tags, params: idParam, response: { 200: parentResellerAnswer } } },
    async (request) => ({ ...done(request, 'success.ok'), data: await service.parentOf({ ctx: ctxOf(request), id: request.params.id }) }),
  );

  app.get(
    '/sub-resellers-list/:id',
    { config: { permission: 'sub-reseller-list' }, schema: { tags, params: idParam, querystring: subResellersQuery, response: { 200: subResellersAnswer } } },
    async (request) => ({
      ...done(request, 'success.ok'),
      ...(await service.subResellers({ ctx: ctxOf(request), id: request.params.id, query: request.query })),
    }),
  );

  app.get(
    '/resellers-switch-assign-list',
    { config: { permission: movers }, schema: { tags, querystring: switchAssignQuery, response: { 200: resellerCandidatesAnswer } } },
    async (request) => ({
      ...done(request, 'success.ok'),
      data: { IBOReseller: await service.switchAssignCandidates({ ctx: ctxOf(request), query: request.query }) },
    }),
  );

  app.get(
    '/get-subresellers-by-id/:id',
    { config: { permission: movers }, schema: { tags, params: idParam, response: { 200: subResellerDetailAnswer } } },
    async (request) => ({
      ...done(request, 'success.ok'),
      data: { IBOReseller: await service.subResellerDetail({ ctx: ctxOf(request), id: request.params.id }) },
    }),
  );

  app.post(
    '/assign-resellers',
    { config: { permission: movers }, schema: { tags, body: assignResellerBody, response: { 200: assignResellerAnswer } } },
    async (request) => {
      await service.assignReseller({ ctx: ctxOf(request), input: request.body });
      // The client reads success from httpCode '200' (business-panel.md §7).
      return { ...done(request, 'success.resellerAssigned'), httpCode: '200' };
    },
  );

  app.post(
    '/upload-logo-resellers/:id',
    {
      config: { permission: 'Web Logo' },
      preValidation: multipartBody(),
      schema: { tags, params: idParam, consumes: ['multipart/form-data'], response: { 200: logoAnswer } },
    },
    async (request) => {
      const logoPath = await service.uploadLogo({ ctx: ctxOf(request), id: request.params.id, file: uploadedFile(request, 'logo') });
      return { ...done(request, 'success.logoUploaded'), data: { logo_path: logoPath } };
    },
  );

  app.get(
    '/resellers/:id/get-api-key',
    { config: { permission: 'Api-Control' }, schema: { tags, params: idParam, response: { 200: apiKeyAnswer } } },
    async (request, reply) => {
      // A secret: never kept by a browser or proxy cache.
      void reply.header('cache-control', 'no-store');
      return { ...done(request, 'success.ok'), data: await service.apiKey({ ctx: ctxOf(request), id: request.params.id }) };
    },
  );

  for (const [action, enabled] of [['enable', true], ['disable', false]] as const) {
    app.post(
      `/resellers/:id/${action}-api-access`,
      { config: { permission: 'Api-Control' }, schema: { tags, params: idParam, response: { 200: apiAccessAnswer } } },
      async (request) => {
        const apiAccess = await service.setApiAccess({ ctx: ctxOf(request), id: request.params.id, enabled });
        return { ...done(request, enabled ? 'success.apiAccessEnabled' : 'success.apiAccessDisabled'), data: { api_access: apiAccess } };
      },
    );
  }
};
