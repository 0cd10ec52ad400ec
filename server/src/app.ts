import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './http/context.js';
import { registerAuth } from './http/auth.js';
import { docsCsp, registerSecurityHeaders } from './http/security-headers.js';
import { registerErrorHandler, sendError } from './http/error-handler.js';
import { answerSerializerCompiler, documentSchemaTransform, OPENAPI_VERSION } from './http/serializer.js';
import { MULTIPART_LIMITS, registerUploads, UPLOADS_PREFIX } from './http/uploads.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { cookieSecret } from './modules/auth/known-browser.js';
import { afterAnswerSettled } from './lib/after-answer.js';
import { startFolder } from './modules/derived/folder.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { sessionsRoutes } from './modules/sessions/sessions.routes.js';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { twoFactorRequirementRoutes } from './modules/two-factor/requirement.routes.js';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.js';
import { usersRolesRoutes } from './modules/users-roles/users-roles.routes.js';
import { healthRoutes, probeRoutes } from './modules/health/health.routes.js';
import { socialWidgetRoutes } from './modules/social-widget/social-widget.routes.js';
import { creditRoutes } from './modules/credit/credit.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import { resellersRoutes } from './modules/resellers/resellers.routes.js';
import { playerRoutes } from './modules/player/player.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { playlistsRoutes } from './modules/playlists/playlists.routes.js';
import { apkRoutes } from './modules/apk/apk.routes.js';
import { activationRoutes } from './modules/activation/activation.routes.js';
import { bulkActivationRoutes } from './modules/bulk-activation/bulk-activation.routes.js';
import { devicesExportRoutes } from './modules/devices-export/devices-export.routes.js';
import { renewalsRoutes } from './modules/renewals/renewals.routes.js';
import { insightsRoutes } from './modules/insights/insights.routes.js';
import { codesRoutes } from './modules/codes/codes.routes.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { modesRoutes, sandboxOnlyRoutes } from './modules/sandbox/sandbox.routes.js';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes.js';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { storefrontRoutes } from './modules/storefront/storefront.routes.js';
import { storeCheckoutRoutes } from './modules/storefront/store-checkout.routes.js';
import { telegramRoutes } from './modules/telegram/telegram.routes.js';
import { storeOrdersRoutes } from './modules/storefront/orders.routes.js';
import { approve, reject } from './modules/storefront/orders.service.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { customerRemindersRoutes } from './modules/customer-reminders/customer-reminders.routes.js';
import { webhookEventSchemas, webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { registerMetrics } from './modules/metrics/metrics.routes.js';
import { backupsRoutes } from './modules/backups/backups.routes.js';
import { sandboxBalance } from './db/sandbox.js';
import { redactUrl } from './lib/redact-url.js';
import { errSerializer, loggerOptions, RequestLogController } from './lib/log-options.js';
import { traceIdMixin } from './lib/trace-ids.js';

/**
 * A request id sent by the caller or a proxy in front (`x-request-id`) is kept when it has a plain
 * form (letters, digits, `._:-`, up to 128): it only labels log lines, so the worst a caller can do
 * is label its own. Anything else gets a new random id. It goes back in the answer's header.
 */
const INCOMING_REQUEST_ID = /^[A-Za-z0-9][\w.:-]{0,127}$/;

function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * `logStream`: where the log lines go instead of stdout (tests read them). `onRoute`: told of every
 * route as it is registered, before any plugin's own hooks (the permission matrix test lists them).
 * `checkAnswers` (tests): every answer is checked against its schema as it leaves (http/serializer.ts).
 */
export async function buildApp(
  deps: Deps,
  options: { logger?: boolean; logStream?: DestinationStream; onRoute?: (route: RouteOptions) => void; checkAnswers?: boolean; foldPollMs?: number } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            // Redaction of secrets, errors without query parameters, and the trace id when tracing (lib/log-options.ts).
            ...loggerOptions(deps.config.logLevel, deps.config.tracing ? await traceIdMixin() : undefined),
            serializers: {
              err: errSerializer,
              req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
            },
            stream: options.logStream,
          },
    // One line per request when it ends: debug when it went well, warn when slow or 503, error for other 5xx (lib/log-options.ts).
    logController: new RequestLogController(),
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    // Long-running handlers must not hold a shutdown forever.
    pluginTimeout: 30_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ check: options.checkAnswers ?? false }));
  app.decorate('deps', deps);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    // Draining after SIGTERM: each answer closes its connection, so keep-alive clients reconnect elsewhere.
    if (deps.readiness.lifecycle === 'draining') void reply.header('connection', 'close');
    done();
  });

  // Generated API clients send JSON as `application/json-patch+json`, and any `application/*+json`
  // is JSON: Fastify's own JSON parser takes them, with the same body limit, validation and errors.
  // Every other type, plain text included, is refused with 415.
  app.addContentTypeParser(/^application\/[\w.!#$&^-]+\+json\s*(;|$)/i, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.removeContentTypeParser('text/plain');
  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: 'Reseller activation panel API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } }, schemas: webhookEventSchemas() },
      security: [{ bearer: [] }],
    },
    transform: documentSchemaTransform,
  });
  // The documentation is public (a reseller reads it before having a token), and so are the web app's files.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api')) route.config = { ...route.config, public: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: docsCsp });

  registerErrorHandler(app);
  registerAuth(app);
  // Before every route, so that the timing hook covers them all.
  if (deps.config.metricsToken !== undefined) registerMetrics(app, deps.config.metricsToken);
  // Multipart bodies (logo uploads) for every module, read and checked by http/uploads.ts.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  // The one cookie the panel sets: the signed known-browser token of the sign-in (modules/auth/known-browser.ts).
  await app.register(cookie, { secret: cookieSecret(deps.config) });
  app.addHook('onClose', afterAnswerSettled);
  // What credit moves, sales and events leave to derive, folded after their commits (modules/derived).
  const derived = startFolder({ db: deps.db, mailer: deps.mailer, config: deps.config, log: app.log }, { pollMs: options.foldPollMs });
  app.decorate('derived', derived);
  app.addHook('onClose', () => derived.stop());
  await registerUploads(app, deps.config);

  /**
   * Every call of the API. The sandbox serves them all again under /api/sandbox on its own data
   * (db/sandbox.ts): the same routes, with `request.sandbox` choosing the database in ctxOf.
   */
  const api = (sandbox: boolean) => async (api: FastifyInstance) => {
    if (sandbox) {
      const sandboxDb = deps.sandboxDb!;
      // The caller's balance in its answers (sign-in, profile) is the sandbox's.
      api.addHook('onRequest', async (request) => {
        request.sandbox = true;
        if (request.auth) request.auth = { ...request.auth, creditPoint: await sandboxBalance(sandboxDb, request.auth.userId) };
      });
      // The OpenAPI document describes each call once, under /api.
      api.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
    }
    await api.register(healthRoutes);
    if (!sandbox) await api.register(probeRoutes);
    await api.register(authRoutes);
    await api.register(profileRoutes);
    await api.register(sessionsRoutes);
    await api.register(twoFactorRoutes);
    await api.register(twoFactorRequirementRoutes);
    await api.register(passkeysRoutes);
    await api.register(usersRolesRoutes);
    await api.register(socialWidgetRoutes);
    await api.register(creditRoutes);
    await api.register(notificationsRoutes);
    await api.register(applicationsRoutes);
    await api.register(resellersRoutes);
    await api.register(playerRoutes);
    await api.register(devicesRoutes);
    await api.register(playlistsRoutes);
    await api.register(apkRoutes);
    await api.register(activationRoutes);
    await api.register(bulkActivationRoutes);
    await api.register(devicesExportRoutes);
    await api.register(renewalsRoutes);
    await api.register(codesRoutes);
    await api.register(ticketsRoutes);
    await api.register(paymentsRoutes, { sandbox });
    await api.register(clientErrorsRoutes);
    await api.register(auditLogRoutes);
    await api.register(apiKeysRoutes);
    await api.register(webhooksRoutes);
    await api.register(storefrontRoutes);
    await api.register(storeCheckoutRoutes, { sandbox });
    // The store's Telegram bot (issue 44) has one webhook address, the live one: no sandbox twin.
    // Its Approve and Reject buttons take the store's own order paths.
    if (!sandbox) await api.register(telegramRoutes, { orders: { approve, reject } });
    await api.register(storeOrdersRoutes);
    await api.register(customersRoutes);
    await api.register(customerRemindersRoutes);
    await api.register(sandbox ? sandboxOnlyRoutes : modesRoutes);
    // Backups are of the live database: the sandbox has no such call.
    if (!sandbox) await api.register(backupsRoutes);
    // Insights read the live roll-up: the sandbox's sales are never counted, so it has no such call.
    if (!sandbox) await api.register(insightsRoutes);
  };
  app.decorateRequest('sandbox', false);
  await app.register(api(false), { prefix: '/api' });
  if (deps.config.sandboxEnabled) {
    if (!deps.sandboxDb) throw new Error('SANDBOX_ENABLED needs the sandbox database (Database.openSandbox)');
    await app.register(api(true), { prefix: '/api/sandbox' });
  }

  const webDist = deps.config.webDist;
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1y', immutable: true, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    if (hasWeb && request.method === 'GET' && !url.startsWith('/api') && !url.startsWith(UPLOADS_PREFIX)) {
      // The SPA decides what to show for every other path (its own 404 included); index.html is never cached.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return sendError(reply, request.locale, 'ROUTE_NOT_FOUND');
  });
  return app;
}
