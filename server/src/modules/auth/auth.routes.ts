import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLoginEndpoint,
  createPasswordEndpoint,
  forgotPasswordEndpoint,
  loginEndpoint,
  loginTwoFactorEndpoint,
  logoutEndpoint,
  pathOf,
  registerEndpoint,
  resendPasswordCreateEndpoint,
  resetPasswordEndpoint,
  translate,
  updateEmailEndpoint,
  type LoginBody,
} from '@panel/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { ctxOf, type Ctx } from '../../http/context.js';
import { route } from '../../http/route.js';
import * as auth from './auth.service.js';
import { knownBrowserOf, rememberBrowser } from './known-browser.js';

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

/** The answer of the password and e-mail calls: `message` repeats `msg`. */
function done(request: FastifyRequest, key: string) {
  const msg = translate(request.locale, key);
  return { status: true as const, statusCode: 200, msg, message: msg };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const loginHandler = (admin: boolean) => async (request: FastifyRequest<{ Body: LoginBody }>, reply: FastifyReply) => {
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
  const loginShape = { preValidation: async (request: FastifyRequest) => assertLoginShape(request) };

  route(app, loginEndpoint, loginHandler(false), loginShape);
  // The admin's screen: the same call under the panel's secret prefix, known only here.
  route(app, { ...adminLoginEndpoint, path: pathOf(adminLoginEndpoint.path, { prefix: app.deps.adminLoginPrefix }) }, loginHandler(true), loginShape);
  // One second step for both sign-in screens: the challenge knows its account, and only a right
  // password on the right screen earned it.
  route(app, loginTwoFactorEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const result = await auth.loginTwoFactor({ ctx, input: request.body, userAgent: request.headers['user-agent'], locale: namedLocale(request, ctx) });
    rememberBrowser(reply, knownBrowserOf(request), result.account.id, ctx.config.publicUrl);
    return signedInAnswer(ctx, result);
  });

  route(app, logoutEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await auth.logout(ctx);
    return { status: true as const, msg: translate(ctx.locale, 'success.loggedOut') };
  });

  route(app, registerEndpoint, async (request, reply) => {
    const ctx = ctxOf(request);
    const { token } = await auth.register({ ctx, input: request.body });
    return reply.status(201).send({ status: true as const, statusCode: 201, msg: translate(ctx.locale, 'success.registered'), token });
  });

  route(app, createPasswordEndpoint, async (request) => {
    await auth.createPassword({ ctx: ctxOf(request), input: request.body });
    return done(request, 'success.passwordCreated');
  });
  route(app, resendPasswordCreateEndpoint, async (request) => {
    await auth.resendCreatePassword({ ctx: ctxOf(request), input: request.body });
    return done(request, 'success.verificationResent');
  });
  route(app, forgotPasswordEndpoint, async (request) => {
    await auth.forgotPassword({ ctx: ctxOf(request), input: request.body });
    return done(request, 'success.resetLinkSent');
  });
  route(app, resetPasswordEndpoint, async (request) => {
    await auth.resetPassword({ ctx: ctxOf(request), input: request.body });
    return done(request, 'success.passwordReset');
  });
  route(app, updateEmailEndpoint, async (request) => {
    await auth.updateEmail({ ctx: ctxOf(request), input: request.body, token: request.headers.authorization?.replace(/^Bearer\s+/i, '') });
    return done(request, 'success.emailUpdated');
  });
};
