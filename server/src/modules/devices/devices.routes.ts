import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boxesAnswer,
  boxSummaryAnswer,
  checkDeviceAnswer,
  checkDeviceBody,
  deviceToggleAnswer,
  deviceToggleBody,
  disableBoxesBody,
  enableBoxesBody,
  idParam,
  okEnvelope,
  releaseClaimBody,
  translate,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as devices from './devices.service.js';

const tags = ['devices'];

export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/check-device-status',
    {
      // The Playlists screen checks a device before adding a playlist to it.
      config: { permission: ['check-device-status', 'Playlists'] },
      schema: {
        tags,
        description:
          "Check Mac (also for Playlists holders): the device's status (active or expired). device_key, ip and playlists only for the caller's own devices (or an admin); reseller_email only with mac-activated-by. Unknown device: 404 C10404.",
        body: checkDeviceBody,
        response: { 200: checkDeviceAnswer },
      },
    },
    async (request) => devices.checkDevice(ctxOf(request), request.body),
  );

  for (const change of ['disable', 'enable'] as const) {
    app.post(
      `/${change}-device`,
      {
        config: { permission: 'Disable Mac' },
        schema: {
          tags,
          description:
            change === 'disable'
              ? 'Disables the MAC in every named application (app_id and/or module[]), all or nothing: the expiry becomes yesterday and the paid time left is kept for the enable. 404 C10404 for a device that is not the caller’s; 409 when already disabled.'
              : 'Enables the MAC in every named application, all or nothing: the paid time kept at disable comes back (lifetime stays lifetime; no time left: until the end of today). 409 when not disabled.',
          body: deviceToggleBody,
          response: { 200: deviceToggleAnswer },
        },
      },
      async (request) => {
        const ctx = ctxOf(request);
        const data = await devices.toggleDevice(ctx, change, request.body);
        return { status: true as const, msg: translate(ctx.locale, change === 'disable' ? 'devices.disabled' : 'devices.enabled'), data };
      },
    );
  }

  app.post(
    '/devices/release-claim',
    {
      // Who may disable or enable a device may also free it for a reinstalled player.
      config: { permission: 'Disable Mac' },
      schema: {
        tags,
        description:
          "Release claim (our addition): forgets the installation secret of the player that holds the device (a player reinstalled on the same box lost it), so the next /player/register that brings a device_secret claims the device. An admin, or the reseller who activated it and its parent; 404 C10404 for any other device. Audited.",
        body: releaseClaimBody,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await devices.releaseClaim(ctx, request.body);
      return { status: true as const, msg: translate(ctx.locale, 'devices.claimReleased') };
    },
  );

  app.get(
    '/box-management/:id',
    {
      config: { permission: ['disable-boxes', 'enable-boxes'] },
      schema: {
        tags,
        description:
          "Box management's header (our addition): the reseller (the caller or one within its reach), how many of its devices are active (can be disabled) and how many box management disabled (can be enabled).",
        params: idParam,
        response: { 200: boxSummaryAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await devices.boxSummary(ctx, request.params.id) };
    },
  );

  app.post(
    '/disable-random-boxes',
    {
      config: { permission: 'disable-boxes' },
      schema: {
        tags,
        description: "Disables up to numberOfBoxes of the reseller's active devices (the caller's own or a sub-reseller's); answers how many changed.",
        body: disableBoxesBody,
        response: { 200: boxesAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await devices.disableBoxes(ctx, request.body);
      return { status: true as const, msg: translate(ctx.locale, 'devices.boxesDisabled', { ...data, count: data.requested }), data };
    },
  );

  app.post(
    '/enable-random-boxes',
    {
      config: { permission: 'enable-boxes' },
      schema: {
        tags,
        description: 'Enables up to numberOfBoxes of the devices box management disabled for that reseller; answers how many changed.',
        body: enableBoxesBody,
        response: { 200: boxesAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const data = await devices.enableBoxes(ctx, request.body);
      return { status: true as const, msg: translate(ctx.locale, 'devices.boxesEnabled', { ...data, count: data.requested }), data };
    },
  );
};
