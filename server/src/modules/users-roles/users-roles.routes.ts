import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  idParam,
  ok,
  okEnvelope,
  permissionGroup,
  role,
  roleBody,
  translate,
  user,
  userBody,
  usersQuery,
  userStatusBody,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './users-roles.service.js';
import * as suspension from './suspension.service.js';

const tags = ['users and roles'];
const roleReaders = ['user-roles', 'add-role', 'change-role', 'update-role'] as const;

export const usersRolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permissions',
    { config: { permission: roleReaders }, schema: { tags, response: { 200: ok({ data: z.array(permissionGroup) }) } } },
    async (request) => ({ status: true as const, msg: translate(request.locale, 'success.ok'), data: await service.permissionGroups(ctxOf(request)) }),
  );

  app.get(
    '/get-roles',
    { config: { permission: roleReaders }, schema: { tags, response: { 200: ok({ roles: z.array(role), data: z.array(role) }) } } },
    async (request) => {
      const roles = await service.listRoles(ctxOf(request));
      return { status: true as const, msg: translate(request.locale, 'success.ok'), roles, data: roles };
    },
  );

  app.post(
    '/add-roles',
    { config: { permission: 'add-role' }, schema: { tags, body: roleBody, response: { 201: ok({ data: z.object({ id: z.number() }) }) } } },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const id = await service.createRole({ ctx, input: request.body });
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.roleCreated'), data: { id } });
    },
  );

  app.put(
    '/edit-roles/:id',
    { config: { permission: 'change-role' }, schema: { tags, params: idParam, body: roleBody, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.updateRole({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.roleUpdated') };
    },
  );

  app.delete(
    '/delete-roles/:id',
    { config: { permission: 'delete-role' }, schema: { tags, params: idParam, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.deleteRole({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.roleDeleted') };
    },
  );

  app.get(
    '/users',
    {
      config: { permission: 'user-roles' },
      schema: {
        tags,
        querystring: usersQuery,
        response: {
          200: ok({
            users: z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number(), data: z.array(user) }),
          }),
        },
      },
    },
    async (request) => ({
      status: true as const,
      msg: translate(request.locale, 'success.ok'),
      users: await service.listUsers({ ctx: ctxOf(request), query: request.query }),
    }),
  );

  app.get(
    '/users/:id',
    { config: { permission: 'user-roles' }, schema: { tags, params: idParam, response: { 200: ok({ data: user }) } } },
    async (request) => ({
      status: true as const,
      msg: translate(request.locale, 'success.ok'),
      data: await service.getUser({ ctx: ctxOf(request), id: request.params.id }),
    }),
  );

  app.post(
    '/users',
    { config: { permission: 'user-roles' }, schema: { tags, body: userBody, response: { 201: ok({ data: z.object({ id: z.number() }) }) } } },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const id = await service.createUser({ ctx, input: request.body });
      return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.userCreated'), data: { id } });
    },
  );

  app.put(
    '/users/:id',
    { config: { permission: 'user-roles' }, schema: { tags, params: idParam, body: userBody, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.updateUser({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.userUpdated') };
    },
  );

  app.delete(
    '/delete-users/:id',
    { config: { permission: 'user-roles' }, schema: { tags, params: idParam, response: { 200: okEnvelope } } },
    async (request) => {
      const ctx = ctxOf(request);
      await service.deleteUser({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.userDeleted') };
    },
  );

  app.put(
    '/update-reseller/:id/status',
    {
      config: { permission: ['user-roles', 'disable-enable-reseller'] },
      schema: { tags, params: idParam, body: userStatusBody, response: { 200: okEnvelope } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await service.setUserStatus({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.statusUpdated') };
    },
  );

  app.post(
    '/users/:id/suspend',
    {
      config: { permission: 'user-roles' },
      schema: {
        tags,
        description:
          "The panel's owner (the first admin) suspends another admin, after a step-up (403 STEP_UP_REQUIRED). The admin's " +
          'sessions end at once on every node, it cannot sign in (10091), and it is told by mail; its account and data stay as ' +
          'they are. Any other caller: 403 OWNER_ONLY; the owner itself: 403 SELF_ACTION; an account that is not an admin: ' +
          '409 NOT_AN_ADMIN; none: 404. An admin already suspended stays so (200, nothing changes). Audited as user.suspend.',
        params: idParam,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await suspension.suspendAdmin({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.userSuspended') };
    },
  );

  app.post(
    '/users/:id/reinstate',
    {
      config: { permission: 'user-roles' },
      schema: {
        tags,
        description:
          "The panel's owner lifts an admin's suspension, after a step-up: the admin signs in again and is told by mail. " +
          'The same refusals as POST /api/users/:id/suspend. Audited as user.reinstate.',
        params: idParam,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await suspension.reinstateAdmin({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.userReinstated') };
    },
  );
};
