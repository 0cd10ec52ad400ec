import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPaymentPlanEndpoint,
  billingRecordsEndpoint,
  deletePaymentPlanEndpoint,
  paymentPlansEndpoint,
  purchasePackageEndpoint,
  sandboxOrderEndpoint,
  sandboxOutcomeEndpoint,
  stripeWebhookEndpoint,
  translate,
  updatePaymentPlanEndpoint,
} from '@panel/contract';
import type { Config } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import { ctxOf } from '../../http/context.js';
import { route } from '../../http/route.js';
import { paymentProvider, stripeClient } from './payment-providers.js';
import * as service from './payments.service.js';

/** What the operator reads above the start banner (banner.ts) when the live panel takes no real payments. */
export function paymentsStartupWarning(config: Config): string | undefined {
  if (config.payments.provider !== 'sandbox') return undefined;
  return 'PAYMENT_PROVIDER=sandbox: buyers confirm their own payments on the built-in checkout page. Set PAYMENT_PROVIDER=stripe to take real payments.';
}

/** In the sandbox (`sandbox`) orders are always paid on the built-in checkout: test credit never costs money. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ sandbox?: boolean }> = async (app, options) => {
  const { config } = app.deps;
  const stripe = config.payments.provider === 'stripe' && !options.sandbox ? stripeClient(config.payments) : undefined;
  const provider = paymentProvider(config, stripe);

  route(app, paymentPlansEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'payments.plansListed'), data: await service.listPlans(ctx) };
  });

  route(app, addPaymentPlanEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'payments.planAdded'), data: await service.createPlan(ctx, request.body) };
  });

  route(app, updatePaymentPlanEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'payments.planUpdated'), data: await service.updatePlan(ctx, request.params.id, request.body) };
  });

  route(app, deletePaymentPlanEndpoint, async (request) => {
    const ctx = ctxOf(request);
    await service.deletePlan(ctx, request.params.id);
    return { status: true as const, msg: translate(ctx.locale, 'payments.planDeleted') };
  });

  route(app, purchasePackageEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'payments.orderCreated'), data: await service.purchase(ctx, provider, request.body.payment_plan_id) };
  });

  route(app, billingRecordsEndpoint, async (request) => {
    const ctx = ctxOf(request);
    return { status: true as const, msg: translate(ctx.locale, 'payments.billingListed'), ...(await service.listBilling(ctx, request.query)) };
  });

  if (provider.name === 'sandbox') {
    route(app, sandboxOrderEndpoint, async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.sandboxOrder(ctx, request.params.orderId) };
    });

    route(app, sandboxOutcomeEndpoint, async (request) => {
      const { msg, ...data } = await service.sandboxOutcome(ctxOf(request), request.params.orderId, request.body.outcome);
      return { status: true as const, msg, data };
    });
  }

  if (stripe && config.payments.provider === 'stripe' && !options.sandbox) {
    const { webhookSecret } = config.payments;
    // Stripe signs the exact bytes it sent: this one route reads its body raw, whatever its type.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      route(raw, stripeWebhookEndpoint, async (request) => {
        const ctx = ctxOf(request);
        const signature = request.headers['stripe-signature'];
        const body: unknown = request.body;
        let event;
        try {
          if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw new Error('no signature');
          event = stripe.webhooks.constructEvent(body, signature, webhookSecret);
        } catch {
          throw new AppError('BAD_REQUEST', { key: 'payments.invalidSignature' });
        }
        const outcome = await service.handleStripeEvent(ctx, event);
        return { status: true as const, msg: outcome?.msg ?? translate(ctx.locale, 'payments.webhookReceived') };
      });
    });
  }
};
