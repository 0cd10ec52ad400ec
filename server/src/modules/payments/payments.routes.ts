import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingListAnswer,
  billingListQuery,
  idParam,
  okEnvelope,
  orderIdParam,
  orderOutcomeAnswer,
  paymentPlanAnswer,
  paymentPlanBody,
  PLAN_READER_PERMISSIONS,
  paymentPlansAnswer,
  purchaseAnswer,
  purchaseBody,
  sandboxOrderAnswer,
  sandboxOutcomeBody,
  translate,
} from '@panel/contract';
import { AppError } from '../../http/app-error.js';
import { ctxOf } from '../../http/context.js';
import { paymentProvider, stripeClient } from './payment-providers.js';
import * as service from './payments.service.js';

const tags = ['plans and billing'];

/** In the sandbox (`sandbox`) orders are always paid on the built-in checkout: test credit never costs money. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ sandbox?: boolean }> = async (app, options) => {
  const { config } = app.deps;
  const stripe = config.payments.provider === 'stripe' && !options.sandbox ? stripeClient(config.payments) : undefined;
  const provider = paymentProvider(config, stripe);
  if (provider.name === 'sandbox' && !options.sandbox) {
    app.log.warn('PAYMENT_PROVIDER=sandbox: buyers confirm their own payments on the built-in checkout page. Set PAYMENT_PROVIDER=stripe to take real payments.');
  }

  app.get(
    '/payment-plans',
    { config: { permission: PLAN_READER_PERMISSIONS }, schema: { tags, description: 'The plans on sale, fewest points first.', response: { 200: paymentPlansAnswer } } },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'payments.plansListed'), data: await service.listPlans(ctx) };
    },
  );

  app.post(
    '/add-payment-plans',
    {
      config: { permission: 'add-plan' },
      schema: {
        tags,
        description: `All fields required. price: digits with at most one dot and two decimals (stored exactly, at most 99999999.99); credit_points: a whole number from 1 to 1000000000.`,
        body: paymentPlanBody,
        response: { 200: paymentPlanAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'payments.planAdded'), data: await service.createPlan(ctx, request.body) };
    },
  );

  app.put(
    '/update-payment-plans/:id',
    {
      config: { permission: 'edit-delete-plan' },
      schema: { tags, description: 'The same fields and rules as adding. Orders already made keep their terms.', params: idParam, body: paymentPlanBody, response: { 200: paymentPlanAnswer } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'payments.planUpdated'), data: await service.updatePlan(ctx, request.params.id, request.body) };
    },
  );

  app.delete(
    '/delete-payment-plans/:id',
    {
      config: { permission: 'edit-delete-plan' },
      schema: { tags, description: 'The plan leaves the list; its past orders stay readable.', params: idParam, response: { 200: okEnvelope } },
    },
    async (request) => {
      const ctx = ctxOf(request);
      await service.deletePlan(ctx, request.params.id);
      return { status: true as const, msg: translate(ctx.locale, 'payments.planDeleted') };
    },
  );

  app.post(
    '/purchase-package',
    {
      config: { permission: 'purchase-package' },
      schema: {
        tags,
        description:
          'Opens a pending order of the plan and answers where to pay (`data.orderUrl`): a Stripe Checkout page, or the panel\'s own /checkout/<orderId> with the sandbox provider. The points are credited once, when the provider confirms the payment.',
        body: purchaseBody,
        response: { 200: purchaseAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'payments.orderCreated'), data: await service.purchase(ctx, provider, request.body.payment_plan_id) };
    },
  );

  app.get(
    '/billing-records',
    {
      config: { permission: PLAN_READER_PERMISSIONS },
      schema: {
        tags,
        description: "Orders newest first: the caller's own, or every order for a plan manager (edit-delete-plan). search_title (3+ characters) matches the plan title, the buyer's name or e-mail. page_size 10, 20, 30 or 50.",
        querystring: billingListQuery,
        response: { 200: billingListAnswer },
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      return { status: true as const, msg: translate(ctx.locale, 'payments.billingListed'), ...(await service.listBilling(ctx, request.query)) };
    },
  );

  if (provider.name === 'sandbox') {
    app.get(
      '/payments/sandbox/:orderId',
      {
        config: { permission: 'purchase-package' },
        schema: { tags, description: 'The built-in checkout page\'s order (the caller\'s own). Only with PAYMENT_PROVIDER=sandbox.', params: orderIdParam, response: { 200: sandboxOrderAnswer } },
      },
      async (request) => {
        const ctx = ctxOf(request);
        return { status: true as const, msg: translate(ctx.locale, 'success.ok'), data: await service.sandboxOrder(ctx, request.params.orderId) };
      },
    );

    app.post(
      '/payments/sandbox/:orderId',
      {
        config: { permission: 'purchase-package' },
        schema: {
          tags,
          description:
            'The built-in checkout\'s Pay, Fail and Cancel buttons. `paid` credits the order once (a repeat answers the completed order), `failed` and `cancelled` close it; a closed order cannot change (409). Only with PAYMENT_PROVIDER=sandbox.',
          params: orderIdParam,
          body: sandboxOutcomeBody,
          response: { 200: orderOutcomeAnswer },
        },
      },
      async (request) => {
        const { msg, ...data } = await service.sandboxOutcome(ctxOf(request), request.params.orderId, request.body.outcome);
        return { status: true as const, msg, data };
      },
    );
  }

  if (stripe && config.payments.provider === 'stripe' && !options.sandbox) {
    const { webhookSecret } = config.payments;
    // Stripe signs the exact bytes it sent: this one route reads its body raw, whatever its type.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      raw.post(
        '/payments/stripe/webhook',
        { config: { public: true }, schema: { tags, description: 'Stripe\'s webhook: checkout.session.completed and async_payment_succeeded credit the order once; async_payment_failed and expired close it. The signature (Stripe-Signature) is checked on the raw body.', response: { 200: okEnvelope } } },
        async (request) => {
          const ctx = ctxOf(request);
          const signature = request.headers['stripe-signature'];
          let event;
          try {
            if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('no signature');
            event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
          } catch {
            throw new AppError('BAD_REQUEST', { key: 'payments.invalidSignature' });
          }
          const outcome = await service.handleStripeEvent(ctx, event);
          return { status: true as const, msg: outcome?.msg ?? translate(ctx.locale, 'payments.webhookReceived') };
        },
      );
    });
  }
};
