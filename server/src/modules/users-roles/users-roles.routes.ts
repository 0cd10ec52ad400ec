import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addRoleEndpoint,
  addUserEndpoint,
  deleteRoleEndpoint,
  deleteUserEndpoint,
  editRoleEndpoint,
  editUserEndpoint,
  getUserEndpoint,
  listRolesEndpoint,
  listUsersEndpoint,
  permissionGroupsEndpoint,
  reinstateUserEndpoint,
  suspendUserEndpoint,
  translate,
  updateUserStatusEndpoint,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as service from './users-roles.service.js';
import * as suspension from './suspension.service.js';

export const usersRolesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, permissionGroupsEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'success.ok'),
    data: await service.permissionGroups(ctxOf(request)),
  }));

  route(app, listRolesEndpoint, async (request) => {
    const roles = await service.listRoles(ctxOf(request));
    return { status: true as const, msg: translate(request.locale, 'success.ok'), roles, data: roles };
  });

  route(app, addRoleEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const id = await service.createRole({ ctx, input: request.body });
    return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.roleCreated'), data: { id } });
  });

  route(app, editRoleEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.updateRole({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.roleUpdated') };
  });

  route(app, deleteRoleEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deleteRole({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.roleDeleted') };
  });

  route(app, listUsersEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'success.ok'),
    users: await service.listUsers({ ctx: ctxOf(request), query: request.query }),
  }));

  route(app, getUserEndpoint, async (request) => ({
    status: true as const,
    msg: translate(request.locale, 'success.ok'),
    data: await service.getUser({ ctx: ctxOf(request), id: request.params.id }),
  }));

  route(app, addUserEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const id = await service.createUser({ ctx, input: request.body });
    return reply.status(201).send({ status: true as const, msg: translate(ctx.locale, 'success.userCreated'), data: { id } });
  });

  route(app, editUserEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.updateUser({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.userUpdated') };
  });

  route(app, deleteUserEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deleteUser({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.userDeleted') };
  });

  route(app, updateUserStatusEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.setUserStatus({ ctx, id: request.params.id, input: request.body });
    return { status: true as const, msg: translate(ctx.locale, 'success.statusUpdated') };
  });

  route(app, suspendUserEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await suspension.suspendAdmin({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.userSuspended') };
  });

  route(app, reinstateUserEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await suspension.reinstateAdmin({ ctx, id: request.params.id });
    return { status: true as const, msg: translate(ctx.locale, 'success.userReinstated') };
  });
};
