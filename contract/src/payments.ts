import * as z from 'zod/mini';
import { keywordField, noNul, pageNumberField } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';
import { idParam } from './fields.js';
import type { Permission } from './permissions.js';

/**
 * Payment plans and billing (business-panel.md §2 "Payment plans" and "Billing records", §3, §4
 * purchase, §5, §7 "Plans and billing", §8 messages, §9): a reseller buys a plan's credit points
 * by card; the order is credited once, when the payment provider confirms it.
 */

export const PLAN_TITLE_MAX_LENGTH = 100;
export const PLAN_DESCRIPTION_MAX_LENGTH = 1000;
/**
 * Bounds checked before the database sees a value (issue 11): the price is stored as
 * numeric(10,2), the points as an integer. Above them the specification's messages answer.
 */
export const PLAN_PRICE_MAX = 99_999_999.99;
export const PLAN_CREDIT_POINTS_MAX = 1_000_000_000;
/** §9: plan prices are shown in euros. */
export const PLAN_CURRENCY = 'EUR';

/** Whoever manages plans or buys them sees the plans and the billing records. */
export const PLAN_READER_PERMISSIONS: readonly Permission[] = ['add-plan', 'edit-delete-plan', 'purchase-package'];

export const BILLING_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
/** Mantine colours of the billing status badges. */
export const BILLING_STATUS_COLORS: Record<BillingStatus, string> = { pending: 'yellow', completed: 'green', failed: 'red', cancelled: 'gray' };
/** §9: billing pages also come in 50s. */
export const BILLING_PAGE_SIZES = [10, 20, 30, 50] as const;

/** What the sandbox checkout's three buttons send. */
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'cancelled'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

const requiredText = (max: number) =>
  z.string('validation.allFieldsRequired').check(z.trim(), z.minLength(1, 'validation.allFieldsRequired'), z.maxLength(max, 'validation.tooLong'), noNul);

/**
 * §5: digits with at most one dot; issue 11: at most two decimals, kept exactly as the decimal
 * string it is (never a float). A number is taken as its written form.
 */
const priceField = z.pipe(
  z.pipe(
    z.union([z.string('validation.allFieldsRequired'), z.number('validation.allFieldsRequired')], 'validation.allFieldsRequired'),
    z.transform((v: string | number) => String(v).trim()),
  ),
  z.string().check(
    z.minLength(1, { message: 'validation.allFieldsRequired', abort: true }),
    z.regex(/^\d+(\.\d*)?$/, { message: 'validation.priceInvalid', abort: true }),
    z.regex(/^\d+(\.\d{0,2})?$/, { message: 'validation.priceDecimals', abort: true }),
    z.refine((v) => Number(v) > 0, { message: 'validation.priceInvalid', abort: true }),
    z.refine((v) => Number(v) <= PLAN_PRICE_MAX, 'validation.priceTooLarge'),
  ),
);

/** §5: digits only; a positive whole number. */
const creditPointsField = z.pipe(
  z.pipe(
    z.union([z.string('validation.allFieldsRequired'), z.number('validation.allFieldsRequired')], 'validation.allFieldsRequired'),
    z.transform((v: string | number) => String(v).trim()),
  ),
  z.pipe(
    z.string().check(
      z.minLength(1, { message: 'validation.allFieldsRequired', abort: true }),
      z.regex(/^\d+$/, { message: 'validation.planPointsInvalid', abort: true }),
      z.refine((v) => Number(v) >= 1, { message: 'validation.planPointsInvalid', abort: true }),
      z.refine((v) => Number(v) <= PLAN_CREDIT_POINTS_MAX, 'validation.planPointsTooLarge'),
    ),
    z.transform(Number),
  ),
);

/** POST /api/add-payment-plans and PUT /api/update-payment-plans/{id} (§7 also lists an `id`: ignored). */
export const paymentPlanBody = z.object({
  title: requiredText(PLAN_TITLE_MAX_LENGTH),
  price: priceField,
  description: requiredText(PLAN_DESCRIPTION_MAX_LENGTH),
  credit_points: creditPointsField,
});
export type PaymentPlanBody = z.infer<typeof paymentPlanBody>;
export type PaymentPlanInput = z.input<typeof paymentPlanBody>;

export const paymentPlan = z.object({
  id: z.number(),
  title: z.string(),
  /** The exact decimal, two places ("19.90"). */
  price: z.string(),
  currency: z.string(),
  description: z.string(),
  credit_points: z.number(),
  created_at: z.string(),
});
export type PaymentPlan = z.infer<typeof paymentPlan>;
export const paymentPlansAnswer = ok({ data: z.array(paymentPlan) });
export type PaymentPlansAnswer = z.infer<typeof paymentPlansAnswer>;
export const paymentPlanAnswer = ok({ data: paymentPlan });

/** POST /api/purchase-package. */
export const purchaseBody = z.object({
  payment_plan_id: z.pipe(
    z.union(
      [z.number('validation.planRequired'), z.pipe(z.string('validation.planRequired').check(z.regex(/^\d{1,10}$/, 'validation.planRequired')), z.transform(Number))],
      'validation.planRequired',
    ),
    z.int('validation.planRequired').check(z.minimum(1, 'validation.planRequired'), z.maximum(2_147_483_647, 'validation.planRequired')),
  ),
});
export type PurchaseBody = z.infer<typeof purchaseBody>;
export const purchaseAnswer = ok({ data: z.object({ orderUrl: z.string(), orderId: z.string() }) });
export type PurchaseAnswer = z.infer<typeof purchaseAnswer>;

/** A billing page size: 10, 20, 30 or 50 (§9); anything else takes 10. */
const billingPageSize = z._default(
  z.pipe(
    z.transform((v: unknown) => (v === '' || v === null || v === undefined ? 10 : Number(v))),
    z.transform((n: number) => ((BILLING_PAGE_SIZES as readonly number[]).includes(n) ? n : n > 0 && Number.isInteger(n) ? Math.min(n, 50) : 10)),
  ),
  10,
);

/** GET /api/billing-records. */
export const billingListQuery = z.object({
  page_number: pageNumberField,
  page_size: billingPageSize,
  search_title: keywordField,
});
export type BillingListQuery = z.infer<typeof billingListQuery>;

export const billingRecord = z.object({
  orderId: z.string(),
  reseller_name: z.string(),
  reseller_email: z.string(),
  plan_title: z.string(),
  /** The exact decimal the buyer paid ("19.90"). */
  amount: z.string(),
  currency: z.string(),
  credit_point: z.number(),
  status: z.enum(BILLING_STATUSES),
  transaction_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type BillingRecord = z.infer<typeof billingRecord>;
export const billingListAnswer = ok({
  data: z.array(billingRecord),
  meta: z.object({
    /** Exact up to 1,000 rows past the page's first; beyond, a lower bound and `total_capped` is true. */
    total: z.number(),
    total_capped: z.boolean(),
    last_page: z.number(),
    current_page: z.number(),
    per_page: z.number(),
  }),
});
export type BillingListAnswer = z.infer<typeof billingListAnswer>;

/** GET /api/payments/sandbox/{orderId}: what the built-in checkout page shows. */
export const sandboxOrderAnswer = ok({
  data: z.object({
    orderId: z.string(),
    plan_title: z.string(),
    amount: z.string(),
    currency: z.string(),
    credit_point: z.number(),
    status: z.enum(BILLING_STATUSES),
  }),
});
export type SandboxOrderAnswer = z.infer<typeof sandboxOrderAnswer>;

/** POST /api/payments/sandbox/{orderId}. */
export const sandboxOutcomeBody = z.object({ outcome: z.enum(SANDBOX_OUTCOMES, 'validation.invalid') });
export type SandboxOutcomeBody = z.infer<typeof sandboxOutcomeBody>;
/** A malformed id is an order that does not exist: the checkout link says so, not 'The given data was invalid.'. */
export const orderIdParam = z.object({ orderId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, 'payments.orderNotFound')) });
export const orderOutcomeAnswer = ok({
  data: z.object({ orderId: z.string(), status: z.enum(BILLING_STATUSES), credit_point: z.number() }),
});
export type OrderOutcomeAnswer = z.infer<typeof orderOutcomeAnswer>;

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────

const tags = ['plans and billing'];

/**
 * Stripe's webhook: served only with PAYMENT_PROVIDER=stripe, its body read raw (Stripe signs the
 * exact bytes it sent), and called by Stripe alone.
 */
export const stripeWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/payments/stripe/webhook',
  tags,
  public: true,
  description:
    "Stripe's webhook: checkout.session.completed and async_payment_succeeded credit the order once; async_payment_failed and expired close it. The signature (Stripe-Signature) is checked on the raw body.",
  answer: okEnvelope,
});

export const paymentPlansEndpoint = endpoint({
  method: 'GET',
  path: '/payment-plans',
  tags,
  permission: PLAN_READER_PERMISSIONS,
  description: 'The plans on sale, fewest points first.',
  answer: paymentPlansAnswer,
});

export const addPaymentPlanEndpoint = endpoint({
  method: 'POST',
  path: '/add-payment-plans',
  tags,
  permission: 'add-plan',
  description:
    'All fields required. price: digits with at most one dot and two decimals (stored exactly, at most 99999999.99); credit_points: a whole number from 1 to 1000000000.',
  body: paymentPlanBody,
  answer: paymentPlanAnswer,
});

export const updatePaymentPlanEndpoint = endpoint({
  method: 'PUT',
  path: '/update-payment-plans/:id',
  tags,
  permission: 'edit-delete-plan',
  description: 'The same fields and rules as adding. Orders already made keep their terms.',
  params: idParam,
  body: paymentPlanBody,
  answer: paymentPlanAnswer,
});

export const deletePaymentPlanEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-payment-plans/:id',
  tags,
  permission: 'edit-delete-plan',
  description: 'The plan leaves the list; its past orders stay readable.',
  params: idParam,
  answer: okEnvelope,
});

export const purchasePackageEndpoint = endpoint({
  method: 'POST',
  path: '/purchase-package',
  tags,
  permission: 'purchase-package',
  description:
    "Opens a pending order of the plan and answers where to pay (`data.orderUrl`): a Stripe Checkout page, or the panel's own /checkout/<orderId> with the sandbox provider. The points are credited once, when the provider confirms the payment.",
  body: purchaseBody,
  answer: purchaseAnswer,
});

export const billingRecordsEndpoint = endpoint({
  method: 'GET',
  path: '/billing-records',
  tags,
  permission: PLAN_READER_PERMISSIONS,
  description:
    "Orders newest first: the caller's own, or every order for a plan manager (edit-delete-plan). search_title (3+ characters) matches the plan title, the buyer's name or e-mail. page_size 10, 20, 30 or 50.",
  query: billingListQuery,
  answer: billingListAnswer,
});

/** The built-in checkout (PAYMENT_PROVIDER=sandbox, and always in the sandbox). */
export const sandboxOrderEndpoint = endpoint({
  method: 'GET',
  path: '/payments/sandbox/:orderId',
  tags,
  permission: 'purchase-package',
  description: "The built-in checkout page's order (the caller's own). Only with PAYMENT_PROVIDER=sandbox.",
  params: orderIdParam,
  answer: sandboxOrderAnswer,
});

export const sandboxOutcomeEndpoint = endpoint({
  method: 'POST',
  path: '/payments/sandbox/:orderId',
  tags,
  permission: 'purchase-package',
  description:
    "The built-in checkout's Pay, Fail and Cancel buttons. `paid` credits the order once (a repeat answers the completed order), `failed` and `cancelled` close it; a closed order cannot change (409). Only with PAYMENT_PROVIDER=sandbox.",
  params: orderIdParam,
  body: sandboxOutcomeBody,
  answer: orderOutcomeAnswer,
});
