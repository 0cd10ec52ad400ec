import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  productCreditCost,
  STOREFRONT_PRODUCTS_MAX,
  type Locale,
  type ManualPayment,
  type PublicStorefront,
  type StorefrontMethod,
  type Storefront,
  type StorefrontProduct,
  type StorefrontProductFields,
  type StorefrontSettings,
  type StripeKeysInput,
} from '@panel/contract';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { applications, resellerApplications, storefrontProducts, storefronts, users } from '../../db/schema.js';
import { adminRole } from '../../db/roles.js';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { requireStepUp } from '../../http/step-up.js';
import { audit } from '../../lib/audit.js';
import { encryptSecret, serverKey } from '../../lib/server-key.js';
import { prepareImage, storeImage, type UploadedFile } from '../../http/uploads.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { allowedApplications } from '../applications/applications.service.js';
import { shownTelegram, telegramOfStore } from '../telegram/telegram.service.js';

/**
 * The reseller's side of its storefront (issue 43): its settings and products. A store is its
 * account's own: nothing here reads or changes another account's, whatever the caller's role.
 */

export type StorefrontRow = typeof storefronts.$inferSelect;
type ProductRow = typeof storefrontProducts.$inferSelect;

/** Advisory lock namespace of a store's product creations (the count must hold under concurrent calls). */
const PRODUCT_LOCK = 4_342_043;

export const publicUrlOf = (config: Config, slug: string) => `${config.publicUrl}/store/${encodeURIComponent(slug)}`;
/** Where the reseller's own Stripe account sends this store's events: by id, so a new slug keeps it. */
export const stripeWebhookUrlOf = (config: Config, storefrontId: number) => `${config.publicUrl}/api/public/stripe/${storefrontId}/webhook`;

/** What the reseller and its customers both see of the store. */
function facade(row: StorefrontRow) {
  return {
    title: row.title,
    logo_url: row.logo,
    accent_color: row.accentColor,
    currency: row.currency,
    default_language: row.defaultLanguage as Locale,
    support: { email: row.supportEmail, whatsapp: row.supportWhatsapp, telegram: row.supportTelegram },
  };
}

function shown(config: Config, row: StorefrontRow): Storefront {
  return {
    id: row.id,
    slug: row.slug,
    enabled: row.enabled,
    ...facade(row),
    public_url: publicUrlOf(config, row.slug),
    stripe_webhook_url: stripeWebhookUrlOf(config, row.id),
    stripe: { configured: row.stripeSecretKeyEncrypted !== null, key_last4: row.stripeKeyLast4 },
    manual: { enabled: row.manualEnabled, instructions: row.manualInstructions },
    telegram: shownTelegram(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function ownRow(ctx: Ctx, db: DbOrTx = ctx.db): Promise<StorefrontRow | undefined> {
  const [row] = await db.select().from(storefronts).where(eq(storefronts.userId, callerOf(ctx).userId));
  return row;
}

/** The caller's store, or 404 STOREFRONT_NOT_SET_UP. */
async function requireOwn(ctx: Ctx, db: DbOrTx = ctx.db): Promise<StorefrontRow> {
  const row = await ownRow(ctx, db);
  if (!row) throw new AppError('STOREFRONT_NOT_SET_UP');
  return row;
}

export async function get(ctx: Ctx): Promise<Storefront | null> {
  const row = await ownRow(ctx);
  // Only this read makes the reseller's one-time link to its own Telegram chat (issue 44).
  return row ? { ...shown(ctx.config, row), telegram: await telegramOfStore(ctx, row) } : null;
}

/** Creates the caller's store on its first save, else replaces its settings. */
export async function save(ctx: Ctx, input: StorefrontSettings): Promise<Storefront> {
  const me = callerOf(ctx);
  const values = {
    slug: input.slug,
    title: input.title,
    enabled: input.enabled,
    accentColor: input.accent_color,
    currency: input.currency,
    defaultLanguage: input.default_language ?? 'en',
    supportEmail: input.support?.email ?? null,
    supportWhatsapp: input.support?.whatsapp ?? null,
    supportTelegram: input.support?.telegram ?? null,
  };
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const existing = await ownRow(ctx, tx);
      if (existing && existing.currency !== values.currency) {
        // Prices are whole minor units of the store's currency: a new currency would reprice every product.
        const [priced] = await tx
          .select({ id: storefrontProducts.id })
          .from(storefrontProducts)
          .where(and(eq(storefrontProducts.storefrontId, existing.id), isNull(storefrontProducts.deletedAt)))
          .limit(1);
        if (priced) throw new AppError('VALIDATION', { fields: { currency: ['validation.currencyLocked'] }, params: { currency: existing.currency } });
      }
      const [saved] = existing
        ? await tx
            .update(storefronts)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(storefronts.id, existing.id))
            .returning()
        : await tx
            .insert(storefronts)
            .values({ userId: me.userId, ...values })
            .returning();
      await audit(ctx, { action: 'storefront.saved', targetType: 'storefront', targetId: saved!.id, details: { slug: saved!.slug, enabled: saved!.enabled } }, tx);
      return saved!;
    });
    return shown(ctx.config, row);
  } catch (error) {
    // The slug is the only unique value a save can collide on (one store per account is found above).
    if (isUniqueViolation(error)) throw fieldError('slug', 'validation.slugTaken');
    throw error;
  }
}

export async function saveManual(ctx: Ctx, input: ManualPayment): Promise<Storefront> {
  if (input.enabled && !input.instructions) throw fieldError('instructions', 'validation.instructionsRequired');
  const row = await ctx.db.transaction(async (tx) => {
    const own = await requireOwn(ctx, tx);
    const [saved] = await tx
      .update(storefronts)
      .set({ manualEnabled: input.enabled, manualInstructions: input.instructions ?? null, updatedAt: new Date() })
      .where(eq(storefronts.id, own.id))
      .returning();
    await audit(ctx, { action: 'storefront.manual', targetType: 'storefront', targetId: own.id, details: { enabled: input.enabled } }, tx);
    return saved!;
  });
  return shown(ctx.config, row);
}

/**
 * The reseller's own Stripe keys, encrypted with the server key: never answered, logged or audited
 * (the audit row says only that they changed). A stolen session cannot swap them without the second factor.
 */
export async function saveStripe(ctx: Ctx, input: StripeKeysInput): Promise<Storefront> {
  requireStepUp(ctx);
  const key = serverKey(ctx.config);
  return setStripe(ctx, 'storefront.stripe_saved', {
    stripeSecretKeyEncrypted: encryptSecret(key, input.secret_key),
    stripeWebhookSecretEncrypted: encryptSecret(key, input.webhook_secret),
    stripeKeyLast4: input.secret_key.slice(-4),
  });
}

export async function removeStripe(ctx: Ctx): Promise<Storefront> {
  requireStepUp(ctx);
  return setStripe(ctx, 'storefront.stripe_removed', { stripeSecretKeyEncrypted: null, stripeWebhookSecretEncrypted: null, stripeKeyLast4: null });
}

async function setStripe(
  ctx: Ctx,
  action: 'storefront.stripe_saved' | 'storefront.stripe_removed',
  values: Pick<StorefrontRow, 'stripeSecretKeyEncrypted' | 'stripeWebhookSecretEncrypted' | 'stripeKeyLast4'>,
): Promise<Storefront> {
  const row = await ctx.db.transaction(async (tx) => {
    const own = await requireOwn(ctx, tx);
    const [saved] = await tx
      .update(storefronts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(storefronts.id, own.id))
      .returning();
    await audit(ctx, { action, targetType: 'storefront', targetId: own.id }, tx);
    return saved!;
  });
  return shown(ctx.config, row);
}

/**
 * The store's logo, through the panel's one image pipeline (checked by content, SVGs sanitised,
 * stored under a content-hash name). The file is written last, inside the transaction: a refused
 * image or a store not set up leaves no file behind. The old file stays, as another row may show
 * the same picture (same content, same name).
 */
export async function uploadLogo(ctx: Ctx, logo: UploadedFile | undefined): Promise<Storefront> {
  if (!logo) throw fieldError('logo', 'validation.imageRequired');
  await requireOwn(ctx);
  const image = await prepareImage(logo);
  const row = await ctx.db.transaction(async (tx) => {
    const own = await requireOwn(ctx, tx);
    const [saved] = await tx.update(storefronts).set({ logo: image.publicPath, updatedAt: new Date() }).where(eq(storefronts.id, own.id)).returning();
    await audit(ctx, { action: 'storefront.logo_uploaded', targetType: 'storefront', targetId: own.id }, tx);
    await storeImage(ctx, image);
    return saved!;
  });
  return shown(ctx.config, row);
}

export async function removeLogo(ctx: Ctx): Promise<Storefront> {
  const row = await ctx.db.transaction(async (tx) => {
    const own = await requireOwn(ctx, tx);
    const [saved] = await tx.update(storefronts).set({ logo: null, updatedAt: new Date() }).where(eq(storefronts.id, own.id)).returning();
    await audit(ctx, { action: 'storefront.logo_removed', targetType: 'storefront', targetId: own.id }, tx);
    return saved!;
  });
  return shown(ctx.config, row);
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

function shownProduct(row: ProductRow, currency: string, names: Map<number, string>): StorefrontProduct {
  return {
    id: row.id,
    name: row.name,
    app_ids: row.appIds,
    apps: row.appIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    package: row.package,
    price: row.price,
    currency,
    active: row.active,
    credit_cost: productCreditCost(row.package, row.appIds.length),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function appNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: applications.id, name: applications.appName })
    .from(applications)
    .where(sql`${applications.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A product's apps must be ones the caller may activate now (422 on `app_ids`). */
async function checkApps(ctx: Ctx, appIds: number[], db: DbOrTx) {
  const allowed = new Set((await allowedApplications(ctx, db)).map((a) => a.id));
  if (!appIds.every((id) => allowed.has(id))) throw fieldError('app_ids', 'validation.applicationNotAllowed');
}

export async function listProducts(ctx: Ctx): Promise<StorefrontProduct[]> {
  const own = await requireOwn(ctx);
  const rows = await ctx.db
    .select()
    .from(storefrontProducts)
    .where(and(eq(storefrontProducts.storefrontId, own.id), isNull(storefrontProducts.deletedAt)))
    .orderBy(asc(storefrontProducts.id));
  const names = await appNames(ctx.db, [...new Set(rows.flatMap((r) => r.appIds))]);
  return rows.map((r) => shownProduct(r, own.currency, names));
}

export async function createProduct(ctx: Ctx, input: StorefrontProductFields): Promise<StorefrontProduct> {
  const { row, currency } = await ctx.db.transaction(async (tx) => {
    const own = await requireOwn(ctx, tx);
    await checkApps(ctx, input.app_ids, tx);
    await tx.execute(sql`select pg_advisory_xact_lock(${PRODUCT_LOCK}, ${own.id})`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(storefrontProducts)
      .where(and(eq(storefrontProducts.storefrontId, own.id), isNull(storefrontProducts.deletedAt)));
    if (n >= STOREFRONT_PRODUCTS_MAX) throw new AppError('PRODUCT_LIMIT', { params: { max: STOREFRONT_PRODUCTS_MAX } });
    const [created] = await tx
      .insert(storefrontProducts)
      .values({ storefrontId: own.id, name: input.name, appIds: input.app_ids, package: input.package, price: input.price, active: input.active })
      .returning();
    await audit(ctx, { action: 'storefront.product_created', targetType: 'storefront_product', targetId: created!.id, details: { name: created!.name } }, tx);
    return { row: created!, currency: own.currency };
  });
  return shownProduct(row, currency, await appNames(ctx.db, row.appIds));
}

/** The caller's live product `id`, or 404 (another store's, a deleted one, or none). */
async function ownProduct(ctx: Ctx, id: number, db: DbOrTx) {
  const own = await requireOwn(ctx, db);
  const [row] = await db
    .select()
    .from(storefrontProducts)
    .where(and(eq(storefrontProducts.id, id), eq(storefrontProducts.storefrontId, own.id), isNull(storefrontProducts.deletedAt)));
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  return { own, row };
}

export async function updateProduct(ctx: Ctx, id: number, input: StorefrontProductFields): Promise<StorefrontProduct> {
  const { row, currency } = await ctx.db.transaction(async (tx) => {
    const { own } = await ownProduct(ctx, id, tx);
    await checkApps(ctx, input.app_ids, tx);
    const [saved] = await tx
      .update(storefrontProducts)
      .set({ name: input.name, appIds: input.app_ids, package: input.package, price: input.price, active: input.active, updatedAt: new Date() })
      .where(eq(storefrontProducts.id, id))
      .returning();
    await audit(ctx, { action: 'storefront.product_updated', targetType: 'storefront_product', targetId: id, details: { name: saved!.name } }, tx);
    return { row: saved!, currency: own.currency };
  });
  return shownProduct(row, currency, await appNames(ctx.db, row.appIds));
}

/** Marks the product deleted: orders placed for it keep pointing at it. */
export async function deleteProduct(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { row } = await ownProduct(ctx, id, tx);
    await tx.update(storefrontProducts).set({ deletedAt: new Date(), active: false }).where(eq(storefrontProducts.id, id));
    await audit(ctx, { action: 'storefront.product_deleted', targetType: 'storefront_product', targetId: id, details: { name: row.name } }, tx);
  });
}

// ---------------------------------------------------------------------------------------------
// The public storefront
// ---------------------------------------------------------------------------------------------

/**
 * The open store at `slug` with its account's role, or 404 STOREFRONT_NOT_FOUND: unknown, off, or
 * its account disabled or deleted (one answer for all, so a closed store tells nothing). Its
 * customers' calls (the public page, placing an order) all find their store here.
 */
export async function openStore(db: DbOrTx, slug: string): Promise<{ store: StorefrontRow; roleId: number }> {
  const [found] = await db
    .select({ store: storefronts, roleId: users.roleId })
    .from(storefronts)
    .innerJoin(users, eq(users.id, storefronts.userId))
    .where(and(eq(storefronts.slug, slug.toLowerCase()), eq(storefronts.enabled, true), eq(users.status, 1), isNull(users.deletedAt)));
  if (!found) throw new AppError('STOREFRONT_NOT_FOUND');
  return found;
}

/** The apps a store's account may still activate (an admin: every app offered), by id with their names. */
export async function sellableApps(db: DbOrTx, userId: number, roleId: number): Promise<Map<number, string>> {
  const sellable = await db
    .select({ id: applications.id, name: applications.appName })
    .from(applications)
    .where(
      and(
        eq(applications.hidden, false),
        sql`(${roleId} = ${adminRole} or exists (select 1 from ${resellerApplications} ra where ra.application_id = ${applications.id} and ra.user_id = ${userId}))`,
      ),
    );
  return new Map(sellable.map((a) => [a.id, a.name]));
}

/**
 * The store at `slug` as its customers see it (`openStore`). Its products are the active ones
 * whose every app the account may still activate: a sale of another could not be delivered.
 */
export async function publicStore(ctx: Ctx, slug: string): Promise<PublicStorefront> {
  const { store: row, roleId } = await openStore(ctx.db, slug);
  const names = await sellableApps(ctx.db, row.userId, roleId);
  const products = await ctx.db
    .select()
    .from(storefrontProducts)
    .where(and(eq(storefrontProducts.storefrontId, row.id), eq(storefrontProducts.active, true), isNull(storefrontProducts.deletedAt)))
    .orderBy(asc(storefrontProducts.id));
  const methods: StorefrontMethod[] = [];
  if (row.stripeSecretKeyEncrypted) methods.push('stripe');
  if (row.manualEnabled) methods.push('manual');
  return {
    ...facade(row),
    methods,
    products: products
      .filter((p) => p.appIds.every((id) => names.has(id)))
      .map((p) => ({ id: p.id, name: p.name, package: p.package, price: p.price, apps: p.appIds.map((id) => ({ id, name: names.get(id)! })) })),
  };
}
