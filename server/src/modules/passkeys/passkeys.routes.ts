import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParam,
  loginPasskeyOptionsBody,
  okEnvelope,
  passkeyAnswer,
  passkeyCreateBody,
  passkeyCreatedAnswer,
  passkeyRenameBody,
  passkeysAnswer,
  translate,
  webauthnOptionsAnswer,
} from '@panel/contract';
import { ctxOf } from '../../http/context.js';
import * as service from './passkeys.service.js';

const tags = ['passkeys'];

/**
 * Profile → Security: the account's own passkeys (a session, never an API key), the passkey
 * options of the sign-in's second step (public: the challenge names the account) and of the step-up.
 */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/passkeys',
    { schema: { tags, description: "The caller's passkeys: name and dates, never key material.", response: { 200: passkeysAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.list(ctx) };
    },
  );

  app.post(
    '/passkeys/registration-options',
    {
      schema: {
        tags,
        description: 'Options for `startRegistration()` of @simplewebauthn/browser (PublicKeyCredentialCreationOptionsJSON). The challenge is good once, for 5 minutes, for this session.',
        response: { 200: webauthnOptionsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { ...(await service.registrationOptions(ctx)) } };
    },
  );

  app.post(
    '/passkeys',
    {
      schema: {
        tags,
        description:
          "Registers the passkey `startRegistration()` made (`response`) under `name`. When it is the account's first second factor and the account has no recovery codes, `recovery_codes` carries ten, answered this once.",
        body: passkeyCreateBody,
        response: { 201: passkeyCreatedAnswer },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { passkey, recoveryCodes } = await service.register({ ctx, input: request.body });
      return reply.status(201).send({
        status: true as const,
        msg: translate(ctx.locale, 'success.passkeyAdded'),
        data: passkey,
        ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
      });
    },
  );

  app.patch(
    '/passkeys/:id',
    { schema: { tags, description: 'Renames one of the caller\'s passkeys.', params: idParam, body: passkeyRenameBody, response: { 200: passkeyAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      const passkey = await service.rename({ ctx, id: request.params.id, input: request.body });
      return { status: true as const, msg: translate(ctx.locale, 'success.passkeyRenamed'), data: passkey };
    },
  );

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        tags,
        description:
          'Removes one of the caller\'s passkeys. Removing the last second factor (the last passkey, without TOTP) needs a recent step-up (403 STEP_UP_REQUIRED otherwise) and removes the recovery codes too.',
        params: idParam,
        response: { 200: okEnvelope },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await service.remove({ ctx, id: request.params.id });
      return { status: true as const, msg: translate(ctx.locale, 'success.passkeyRemoved') };
    },
  );

  app.post(
    '/login/two-factor/passkey-options',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        description:
          'Options for `startAuthentication()` for the sign-in challenge `POST /api/login` answered; the assertion then goes to `POST /api/login/two-factor` as `{ challenge, passkey }`.',
        body: loginPasskeyOptionsBody,
        response: { 200: webauthnOptionsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { ...(await service.loginOptions(ctx, request.body)) } };
    },
  );

  app.post(
    '/step-up/passkey-options',
    {
      schema: {
        tags,
        description: 'Options for `startAuthentication()` to confirm a step-up with a passkey; the assertion goes to `POST /api/step-up` as `{ passkey }`.',
        response: { 200: webauthnOptionsAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: { ...(await service.stepUpPasskeyOptions(ctx)) } };
    },
  );
};
