import * as z from 'zod/mini';
import { activationCost, appIdList } from './activation.js';
import { ok, okEnvelope } from './common.js';
import { LOCALES } from './constants.js';
import { endpoint } from './endpoint.js';
import { emailField, idParam, noNul, optionalField } from './fields.js';
import { storefrontTelegram } from './storefront-telegram.js';

/**
 * The storefront (issue 43): each reseller's own shop at `/store/:slug`, where its customers buy
 * activations that happen as soon as the payment is proven. This file holds the reseller's side
 * of its settings and products; the public page, orders and customers follow.
 */

// ---------------------------------------------------------------------------------------------
// Constants and rules
// ---------------------------------------------------------------------------------------------

export const STOREFRONT_SLUG_MIN = 3;
export const STOREFRONT_SLUG_MAX = 40;
/** Lower-case letters and digits, with hyphens only between them. */
export const STOREFRONT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Words a slug may not be: the panel's own first path segments, and words a customer could mistake for the panel. */
export const RESERVED_STOREFRONT_SLUGS: readonly string[] = [
  'api', 'admin', 'store', 'login', 'logout', 'sign-up', 'signup', 'dashboard', 'checkout', 'panel', 'docs', 'health', 'metrics',
  'public', 'assets', 'static', 'billing', 'profile', 'support', 'help', 'settings', 'sandbox', 'webhooks', 'www', 'mail', 'root',
];
export const STOREFRONT_TITLE_MAX = 80;
export const STOREFRONT_SUPPORT_MAX = 100;
export const MANUAL_INSTRUCTIONS_MAX = 2000;
export const PRODUCT_NAME_MAX = 100;
/** A price in the currency's minor unit, at most (Stripe's own limit for `unit_amount` is 99,999,999). */
export const PRODUCT_PRICE_MAX = 99_999_999;
/** A store's products, at most: the public page shows them all. */
export const STOREFRONT_PRODUCTS_MAX = 50;
/** The buttons of the public page carry white text on the accent colour: WCAG AA for normal text. */
export const ACCENT_MIN_CONTRAST = 4.5;

export const STOREFRONT_PACKAGES = ['one_year', 'lifetime'] as const;
export type StorefrontPackage = (typeof STOREFRONT_PACKAGES)[number];

/** The contrast ratio of `#rrggbb` against white (WCAG 2.1 relative luminance). */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (luminance + 0.05);
}

/** ISO 4217 codes, as the runtime's ICU knows them (the browser's and the server's agree on every current one). */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** What one sale of a product costs its reseller: the specification's activation rule (business-panel.md §9). */
export function productCreditCost(pkg: StorefrontPackage, appCount: number): number {
  return activationCost(pkg === 'one_year' ? '1-Year' : 'Lifetime', appCount);
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

const slugField = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(STOREFRONT_SLUG_MIN, 'validation.slugLength'),
    z.maxLength(STOREFRONT_SLUG_MAX, 'validation.slugLength'),
    z.regex(STOREFRONT_SLUG_PATTERN, 'validation.slugInvalid'),
    z.refine((slug) => !RESERVED_STOREFRONT_SLUGS.includes(slug), 'validation.slugReserved'),
  );

const accentColorField = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.regex(/^#[0-9a-f]{6}$/, 'validation.colorInvalid'),
    z.refine((hex) => !/^#[0-9a-f]{6}$/.test(hex) || contrastWithWhite(hex) >= ACCENT_MIN_CONTRAST, 'validation.colorContrast'),
  );

const currencyField = z.string().check(z.trim(), z.toUpperCase(), z.refine(isCurrencyCode, 'validation.currencyInvalid'));

const supportText = optionalField(z.string().check(z.trim(), z.maxLength(STOREFRONT_SUPPORT_MAX, 'validation.tooLong'), noNul));

export const storefrontSupport = z.object({
  email: optionalField(emailField),
  whatsapp: supportText,
  telegram: supportText,
});

/** PUT /api/storefront. */
export const storefrontSettingsInput = z.object({
  slug: slugField,
  title: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(STOREFRONT_TITLE_MAX, 'validation.tooLong'), noNul),
  enabled: z.boolean('validation.invalid'),
  accent_color: accentColorField,
  currency: currencyField,
  default_language: optionalField(z.enum(LOCALES, 'validation.invalid')),
  support: optionalField(storefrontSupport),
});
export type StorefrontSettingsInput = z.input<typeof storefrontSettingsInput>;
export type StorefrontSettings = z.output<typeof storefrontSettingsInput>;

/** PUT /api/storefront/manual. */
export const manualPaymentInput = z.object({
  enabled: z.boolean('validation.invalid'),
  instructions: optionalField(z.string().check(z.trim(), z.maxLength(MANUAL_INSTRUCTIONS_MAX, 'validation.tooLong'), noNul)),
});
export type ManualPaymentInput = z.input<typeof manualPaymentInput>;
export type ManualPayment = z.output<typeof manualPaymentInput>;

/**
 * PUT /api/storefront/stripe: the reseller's own Stripe account. A secret key (`sk_` or a restricted
 * `rk_`, test or live) and the signing secret of the webhook endpoint it added in Stripe.
 */
export const stripeKeysInput = z.object({
  secret_key: z.string().check(z.trim(), z.regex(/^[sr]k_(test|live)_[A-Za-z0-9]{10,247}$/, 'validation.stripeSecretKey')),
  webhook_secret: z.string().check(z.trim(), z.regex(/^whsec_[A-Za-z0-9+/=_-]{10,200}$/, 'validation.stripeWebhookSecret')),
});
export type StripeKeysInput = z.input<typeof stripeKeysInput>;

export const storefront = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  enabled: z.boolean(),
  accent_color: z.string(),
  currency: z.string(),
  default_language: z.enum(LOCALES),
  support: z.object({ email: z.nullable(z.string()), whatsapp: z.nullable(z.string()), telegram: z.nullable(z.string()) }),
  logo_url: z.nullable(z.string()),
  /** The page customers buy from: `{PUBLIC_URL}/store/<slug>`. */
  public_url: z.string(),
  /** The URL the reseller gives Stripe, in its own Stripe account, for this store's events. */
  stripe_webhook_url: z.string(),
  /** The reseller's own Stripe account: whether keys are saved, and the secret key's last 4 characters (never the keys). */
  stripe: z.object({ configured: z.boolean(), key_last4: z.nullable(z.string()) }),
  manual: z.object({ enabled: z.boolean(), instructions: z.nullable(z.string()) }),
  /** The store's own Telegram bot (issue 44); `owner_link_url` is made fresh by GET /api/storefront only. */
  telegram: storefrontTelegram,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Storefront = z.infer<typeof storefront>;

/** GET /api/storefront: null until the account saves its settings once. */
export const storefrontAnswer = ok({ data: z.nullable(storefront) });
export const storefrontSavedAnswer = ok({ data: storefront });
export type StorefrontAnswer = z.infer<typeof storefrontAnswer>;

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

/** A price in the currency's minor unit (990 = 9.90 EUR), as a number or its digits. */
const priceField = z.pipe(
  z.union([z.number('validation.productPriceInvalid'), z.pipe(z.string('validation.productPriceInvalid').check(z.regex(/^\d{1,9}$/, 'validation.productPriceInvalid')), z.transform(Number))], 'validation.productPriceInvalid'),
  z.int('validation.productPriceInvalid').check(z.minimum(1, 'validation.productPriceInvalid'), z.maximum(PRODUCT_PRICE_MAX, 'validation.productPriceInvalid')),
);

/** POST /api/storefront/products and PUT /api/storefront/products/:id. */
export const storefrontProductInput = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(PRODUCT_NAME_MAX, 'validation.tooLong'), noNul),
  app_ids: appIdList,
  package: z.enum(STOREFRONT_PACKAGES, 'validation.invalid'),
  price: priceField,
  active: z._default(z.boolean('validation.invalid'), true),
});
export type StorefrontProductInput = z.input<typeof storefrontProductInput>;
export type StorefrontProductFields = z.output<typeof storefrontProductInput>;

export const storefrontProduct = z.object({
  id: z.number(),
  name: z.string(),
  app_ids: z.array(z.number()),
  apps: z.array(z.object({ id: z.number(), name: z.string() })),
  package: z.enum(STOREFRONT_PACKAGES),
  /** In the store's currency's minor unit. */
  price: z.number(),
  currency: z.string(),
  active: z.boolean(),
  /** What one sale costs the reseller in credit points. */
  credit_cost: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorefrontProduct = z.infer<typeof storefrontProduct>;
export const storefrontProductsAnswer = ok({ data: z.array(storefrontProduct) });
export const storefrontProductAnswer = ok({ data: storefrontProduct });

// ---------------------------------------------------------------------------------------------
// The public storefront
// ---------------------------------------------------------------------------------------------

export const STOREFRONT_METHODS = ['stripe', 'manual'] as const;
export type StorefrontMethod = (typeof STOREFRONT_METHODS)[number];

/** Any text up to the longest slug: an unknown one answers 404 like a closed store. */
export const storefrontSlugParam = z.object({ slug: z.string().check(z.maxLength(STOREFRONT_SLUG_MAX, 'validation.slugLength')) });

/** What a customer sees: never the credit cost, the account's e-mail or its balance. */
export const publicStorefront = z.object({
  title: z.string(),
  logo_url: z.nullable(z.string()),
  accent_color: z.string(),
  currency: z.string(),
  default_language: z.enum(LOCALES),
  support: z.object({ email: z.nullable(z.string()), whatsapp: z.nullable(z.string()), telegram: z.nullable(z.string()) }),
  /** The payment methods set up, in the order the page offers them. */
  methods: z.array(z.enum(STOREFRONT_METHODS)),
  products: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      package: z.enum(STOREFRONT_PACKAGES),
      price: z.number(),
      apps: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
});
export type PublicStorefront = z.infer<typeof publicStorefront>;
export const publicStorefrontAnswer = ok({ data: publicStorefront });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────
// Sales → Storefront: the caller's own store. A store is an account's own: nothing here reaches another's.

const tags = ['storefront'];
const permission = 'storefront';

export const storefrontEndpoint = endpoint({
  method: 'GET',
  path: '/storefront',
  tags,
  permission,
  description:
    "The caller's storefront settings, with its public URL and `stripe_webhook_url` (the address to give Stripe in the reseller's own Stripe account). `data` is null until the settings are saved once. Stripe's keys are never answered: `stripe.configured` and `stripe.key_last4` only.",
  answer: storefrontAnswer,
});

export const saveStorefrontEndpoint = endpoint({
  method: 'PUT',
  path: '/storefront',
  tags,
  permission,
  description:
    '`slug`: 3–40 lower-case letters, digits and inner hyphens, not a reserved word, unique in the panel (taken: 422 on `slug`). `accent_color`: `#rrggbb` with at least 4.5:1 contrast against white text. `currency`: an ISO 4217 code; it cannot change while the store has products priced in another (422 on `currency`). `default_language`: `en`, `ar`, `de`, `br` or `esp` (default `en`). `support`: optional contacts shown to customers.',
  body: storefrontSettingsInput,
  answer: storefrontSavedAnswer,
});

export const saveManualPaymentEndpoint = endpoint({
  method: 'PUT',
  path: '/storefront/manual',
  tags,
  permission,
  description:
    'Manual payment (PIX, bank transfer): `instructions`, up to 2,000 characters of plain text, are shown to the customer, and its orders wait for the reseller\'s approval. Enabling it needs instructions (422 on `instructions`). 404 before the store is set up.',
  body: manualPaymentInput,
  answer: storefrontSavedAnswer,
});

export const saveStorefrontStripeEndpoint = endpoint({
  method: 'PUT',
  path: '/storefront/stripe',
  tags,
  permission,
  description:
    "Saves the keys of the reseller's own Stripe account: `secret_key` (`sk_…` or a restricted `rk_…` key allowed to write Checkout Sessions) and `webhook_secret` (`whsec_…`, from the endpoint added in Stripe at `stripe_webhook_url`). Stored encrypted with the server key and never answered again: the store shows `stripe.configured` and the key's last 4 characters. Needs a recent second factor when the account has one (403 STEP_UP_REQUIRED). 404 before the store is set up.",
  body: stripeKeysInput,
  answer: storefrontSavedAnswer,
});

export const deleteStorefrontStripeEndpoint = endpoint({
  method: 'DELETE',
  path: '/storefront/stripe',
  tags,
  permission,
  description: 'Forgets the Stripe keys: the store then offers card payment no more. Needs a recent second factor when the account has one (403 STEP_UP_REQUIRED).',
  answer: storefrontSavedAnswer,
});

export const uploadStorefrontLogoEndpoint = endpoint({
  method: 'POST',
  path: '/storefront/logo',
  tags,
  permission,
  description:
    "multipart/form-data: the `logo` file (PNG, JPEG, WebP or SVG, at most 2 MB), checked by content and stored as the panel's other images are (SVGs sanitised). Answers the store with its new `logo_url`, which the public page shows. 404 before the store is set up.",
  answer: storefrontSavedAnswer,
});

export const deleteStorefrontLogoEndpoint = endpoint({
  method: 'DELETE',
  path: '/storefront/logo',
  tags,
  permission,
  description: 'Takes the logo off the store: the public page then shows its title alone. 404 before the store is set up.',
  answer: storefrontSavedAnswer,
});

export const storefrontProductsEndpoint = endpoint({
  method: 'GET',
  path: '/storefront/products',
  tags,
  permission,
  description: "The store's products, oldest first (deleted ones left out), each with `credit_cost`: what one sale costs the caller in credit points.",
  answer: storefrontProductsAnswer,
});

export const createStorefrontProductEndpoint = endpoint({
  method: 'POST',
  path: '/storefront/products',
  tags,
  permission,
  description:
    '`price`: a whole number in the currency\'s minor unit, as Stripe\'s `unit_amount` (990 = 9.90 EUR). `app_ids`: 1 to 4 apps the caller may activate (422 on `app_ids`). `package`: `one_year` or `lifetime`. At most 50 products. 404 before the store is set up.',
  body: storefrontProductInput,
  answer: storefrontProductAnswer,
  status: 201,
});

export const updateStorefrontProductEndpoint = endpoint({
  method: 'PUT',
  path: '/storefront/products/:id',
  tags,
  permission,
  description: 'Replaces the product (checked as on creation). Orders already placed keep the price and apps they were placed with.',
  params: idParam,
  body: storefrontProductInput,
  answer: storefrontProductAnswer,
});

export const publicStorefrontEndpoint = endpoint({
  method: 'GET',
  path: '/public/storefronts/:slug',
  tags,
  public: true,
  security: [],
  description:
    'The store as its customers see it, without a session: title, logo, colour, currency, language, support contacts, the payment methods set up and the active products (price in the currency\'s minor unit). 404 STOREFRONT_NOT_FOUND when the store is unknown or disabled, or its account is disabled or deleted. A product whose apps the account may no longer activate is left out.',
  params: storefrontSlugParam,
  answer: publicStorefrontAnswer,
});

export const storeStripeWebhookEndpoint = endpoint({
  method: 'POST',
  path: '/public/stripe/:storefrontId/webhook',
  tags,
  public: true,
  security: [],
  description:
    "Where a reseller's own Stripe account sends its store's events (`stripe_webhook_url`). Each event is verified with that store's webhook secret (Stripe-Signature on the raw body, 5 minutes tolerance): unsigned, foreign, altered or stale events answer 400 and change nothing. `checkout.session.completed` with `payment_status: paid` and `checkout.session.async_payment_succeeded` activate the order, exactly once however often or in whatever order Stripe delivers.",
  params: z.object({ storefrontId: z.string().check(z.maxLength(12, 'validation.invalid')) }),
  answer: okEnvelope,
});

export const deleteStorefrontProductEndpoint = endpoint({
  method: 'DELETE',
  path: '/storefront/products/:id',
  tags,
  permission,
  description: 'Takes the product off the store. Its orders keep it (it is kept, marked deleted).',
  params: idParam,
  answer: okEnvelope,
});
