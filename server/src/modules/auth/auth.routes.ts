import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  createPasswordBody,
  emailBody,
  loginAnswer,
  loginBody,
  loginChallengeAnswer,
  loginTwoFactorBody,
  ok,
  okEnvelope,
  registerBody,
  resetPasswordBody,
  translate,
} from '@panel/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { ctxOf, type Ctx } from '../../http/context.js';
import * as auth from './auth.service.js';
import { knownBrowserOf, rememberBrowser } from './known-browser.js';

const tags = ['auth'];
const publicRoute = { public: true } as const;

/** A login body that is not even an object of strings is 10092, not a list of field errors. */
function assertLoginShape(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (
    body === null ||
    typeof body !== 'object' ||
    Array.isArray(body) ||
    (body.email !== undefined && typeof body.email !== 'string') ||
    (body.password !== undefined && typeof body.password !== 'string')
  ) {
    throw new AppError('10092');
  }
}

/** The sign-in answer of core-panel.md §3, for both steps of a sign-in. */
function signedInAnswer(ctx: Ctx, result: auth.SignedIn) {
  return {
    status: true as const,
    msg: translate(ctx.locale, 'success.loggedIn'),
    token: result.token,
    data: { IBOReseller: result.account },
    permissions: result.permissions,
    hasPasscode: result.hasPasscode,
    statusCode: 200,
    httpCode: 200,
    expiresAt: result.expiresAt.toISOString(),
    two_factor_setup_required: result.two_factor_setup_required,
    two_factor_required_by: result.two_factor_required_by,
  };
}

/** The language the panel sends (Accept-Language) is remembered for mails sent later (expiry reminders). */
const namedLocale = (request: FastifyRequest, ctx: Ctx) => (request.headers['accept-language'] ? ctx.locale : undefined);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginHandler = (admin: boolean) => async (request: FastifyRequest<{ Body: z.infer<typeof loginBody> }>, reply: FastifyReply) => {
    const ctx = ctxOf(request);
    const knownBrowser = knownBrowserOf(request);
    const result = await auth.login({ ctx, input: request.body, admin, userAgent: request.headers['user-agent'], locale: namedLocale(request, ctx), knownBrowser });
    if (result.kind === 'session') {
      rememberBrowser(reply, knownBrowser, result.session.account.id, ctx.config.publicUrl);
      return signedInAnswer(ctx, result.session);
    }
    return {
      status: true as const,
      // An account with passkeys only has no app to take a code from.
      msg: translate(ctx.locale, result.methods.includes('totp') ? 'success.twoFactorRequired' : 'success.passkeyRequired'),
      two_factor_required: true as const,
      challenge: result.challenge,
      methods: result.methods,
      statusCode: 200,
      httpCode: 200,
      expiresAt: result.expiresAt.toISOString(),
    };
  };
  const loginSchema = { tags, security: [], body: loginBody, response: { 200: z.union([loginAnswer, loginChallengeAnswer]) } };

  app.post('/login', { config: publicRoute, schema: loginSchema, preValidation: async (r) => assertLoginShape(r) }, loginHandler(false));
  app.post(
    `/${app.deps.adminLoginPrefix}/admin-login`,
    // The prefix is the admin screen's only secret: keep it out of the public document.
    { config: publicRoute, schema: { ...loginSchema, hide: true }, preValidation: async (r) => assertLoginShape(r) },
    loginHandler(true),
  );
  // One second step for both sign-in screens: the challenge knows its account, and only a right
  // password on the right screen earned it.
  app.post(
    '/login/two-factor',
    { config: publicRoute, schema: { tags, security: [], body: loginTwoFactorBody, response: { 200: loginAnswer } } },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const result = await auth.loginTwoFactor({ ctx, input: request.body, userAgent: request.headers['user-agent'], locale: namedLocale(request, ctx) });
      rememberBrowser(reply, knownBrowserOf(request), result.account.id, ctx.config.publicUrl);
      return signedInAnswer(ctx, result);
    },
  );

  app.delete('/logout', { schema: { tags, response: { 200: okEnvelope } } }, async (request) => {
    const ctx = ctxOf(request);
    await auth.logout(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.loggedOut') };
  });

  app.post(
    '/register',
    {
      config: publicRoute,
      schema: { tags, security: [], body: registerBody, response: { 201: ok({ statusCode: z.number(), token: z.string() }) } },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      const { token } = await auth.register({ ctx, input: request.body });
      return reply.status(201).send({ status: true as const, statusCode: 201, msg: translate(ctx.locale, 'success.registered'), token });
    },
  );

  const done = (schema: Record<string, unknown>, key: string, run: (request: FastifyRequest) => Promise<void>) =>
    [
      { config: publicRoute, schema: { tags, security: [], ...schema, response: { 200: ok({ statusCode: z.number(), message: z.string() }) } } },
      async (request: FastifyRequest) => {
        await run(request);
        const msg = translate(request.locale, key);
        return { status: true as const, statusCode: 200, msg, message: msg };
      },
    ] as const;

  app.post('/password/create', ...done({ body: createPasswordBody }, 'success.passwordCreated', (r) =>
    auth.createPassword({ ctx: ctxOf(r), input: r.body as z.infer<typeof createPasswordBody> }),
  ));
  app.post('/password/resend-password-create', ...done({ body: emailBody }, 'success.verificationResent', (r) =>
    auth.resendCreatePassword({ ctx: ctxOf(r), input: r.body as z.infer<typeof emailBody> }),
  ));
  app.post('/password/forgot', ...done({ body: emailBody }, 'success.resetLinkSent', (r) =>
    auth.forgotPassword({ ctx: ctxOf(r), input: r.body as z.infer<typeof emailBody> }),
  ));
  app.post('/password/reset', ...done({ body: resetPasswordBody }, 'success.passwordReset', (r) =>
    auth.resetPassword({ ctx: ctxOf(r), input: r.body as z.infer<typeof resetPasswordBody> }),
  ));
  app.post('/update-email', ...done({ body: emailBody, security: [{ bearer: [] }] }, 'success.emailUpdated', (r) =>
    auth.updateEmail({
      ctx: ctxOf(r),
      input: r.body as z.infer<typeof emailBody>,
      token: r.headers.authorization?.replace(/^Bearer\s+/i, ''),
    }),
  ));
};
