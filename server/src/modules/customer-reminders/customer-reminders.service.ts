import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  REMINDERS_SENT_LIST,
  storeRenewPath,
  translate,
  type Locale,
  type ReminderPreview,
  type ReminderSettings,
  type Renewal,
  type SentReminder,
} from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { customerDevices, customers, devices, storefrontProducts, storefronts, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { customerReminderMail } from '../../mail/templates.js';
import { sellableApps } from '../storefront/storefront.service.js';
import * as repo from './customer-reminders.repository.js';
import { readRenewalToken, readUnsubscribeToken } from './renewal-link.js';

/**
 * Customer reminders (issue 44), the reseller's side (settings, the last sent, the mail's preview)
 * and the customer's (the renewal link's read, the one-click unsubscribe). The pass that sends
 * them is customer-reminders.scheduler.ts. A store is its account's own: nothing here reaches another's.
 */

type StoreRow = typeof storefronts.$inferSelect;

async function ownStore(ctx: Ctx, db: DbOrTx = ctx.db): Promise<StoreRow> {
  const [row] = await db.select().from(storefronts).where(eq(storefronts.userId, callerOf(ctx).userId));
  if (!row) throw new AppError('STOREFRONT_NOT_SET_UP');
  return row;
}

const shown = (row: StoreRow): ReminderSettings => ({ enabled: row.remindersEnabled, days_before: row.reminderDaysBefore, days_after: row.reminderDaysAfter });

export async function settings(ctx: Ctx): Promise<ReminderSettings> {
  return shown(await ownStore(ctx));
}

/** The lists come sorted and without repeats from the contract's schema. */
export async function saveSettings(ctx: Ctx, input: ReminderSettings): Promise<ReminderSettings> {
  return ctx.db.transaction(async (tx) => {
    const own = await ownStore(ctx, tx);
    const [saved] = await tx
      .update(storefronts)
      .set({ remindersEnabled: input.enabled, reminderDaysBefore: input.days_before, reminderDaysAfter: input.days_after, updatedAt: new Date() })
      .where(eq(storefronts.id, own.id))
      .returning();
    await audit(ctx, { action: 'storefront.reminders_saved', targetType: 'storefront', targetId: own.id, details: { enabled: input.enabled } }, tx);
    return shown(saved!);
  });
}

/** The caller's last REMINDERS_SENT_LIST reminders, newest first (none before its store exists). */
export async function sent(ctx: Ctx): Promise<SentReminder[]> {
  const rows = await repo.lastSent(ctx.db, callerOf(ctx).userId, REMINDERS_SENT_LIST);
  return rows.map((r) => ({
    id: r.id,
    customer: { id: r.customerId, name: r.customerName, email: r.customerEmail },
    mac_address: r.macAddress,
    app: { id: r.appId, name: r.appName },
    phase: r.phase,
    days: r.days,
    expires_at: r.expiresAt.toISOString(),
    email_status: r.emailStatus as SentReminder['email_status'],
    telegram_status: r.telegramStatus as SentReminder['telegram_status'],
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}

const EXAMPLE_MAC = '00:1A:79:12:34:56';

/**
 * The reminder mail as a customer gets it in `language` (default: the store's), with example
 * values: the store's own title and contact, one of its apps, an expiry at its first milestone,
 * and links that name no one (they open nothing).
 */
export async function preview(ctx: Ctx, language: Locale | undefined): Promise<ReminderPreview> {
  const store = await ownStore(ctx);
  const locale = language ?? (store.defaultLanguage as Locale);
  const [product] = await ctx.db
    .select({ appIds: storefrontProducts.appIds })
    .from(storefrontProducts)
    .where(and(eq(storefrontProducts.storefrontId, store.id), isNull(storefrontProducts.deletedAt)))
    .orderBy(asc(storefrontProducts.id))
    .limit(1);
  const me = callerOf(ctx);
  const apps = await sellableApps(ctx.db, me.userId, me.roleId);
  const app = (product && apps.get(product.appIds[0]!)) ?? [...apps.values()][0] ?? 'IPTV';
  const days = store.reminderDaysBefore.at(-1) ?? 3;
  const mail = customerReminderMail(
    locale,
    { name: translate(locale, 'mail.customerReminderExampleName'), email: 'customer@example.com' },
    {
      store: store.title,
      contact: store.supportEmail ?? store.supportWhatsapp ?? store.supportTelegram,
      mac: EXAMPLE_MAC,
      app,
      expiresAt: new Date(Date.now() + Math.max(days, 1) * 86_400_000),
      expired: false,
      link: `${ctx.config.publicUrl}${storeRenewPath(store.slug, 'example')}`,
      unsubscribe: `${ctx.config.publicUrl}/api/public/reminders/unsubscribe/example`,
    },
  );
  return { language: locale, subject: mail.subject, text: mail.text, html: mail.html };
}

/** The signed renewal link (renewal-link.ts), for the player's store link. */
export { renewalLink } from './renewal-link.js';

const linkGone = () => new AppError('REMINDER_LINK_NOT_FOUND');

/**
 * GET /api/public/renewals/:token. The token must hold (signature, 30 days), its customer still
 * have the device, and the customer's store be open (enabled, account live); a token of customer 0
 * (the player's store link) names the store of the account that activated the device. The product is the
 * token's while it is still on sale in that store, else the store's first active product for the
 * device's app; a product of another store is refused, as a closed store is.
 */
export async function renewal(ctx: Ctx, token: string, now = new Date()): Promise<Renewal> {
  const claims = readRenewalToken(ctx.config, token, now);
  if (!claims) throw linkGone();
  const open = and(eq(storefronts.enabled, true), eq(users.status, 1), isNull(users.deletedAt));
  const shape = { store: storefronts, roleId: users.roleId, mac: devices.macAddress, appId: devices.applicationId };
  // Customer 0: the player's store link of a device no customer holds; the store is then its activating account's.
  const [found] =
    claims.customerId === 0
      ? await ctx.db
          .select(shape)
          .from(devices)
          .innerJoin(storefronts, eq(storefronts.userId, devices.activatedBy))
          .innerJoin(users, eq(users.id, storefronts.userId))
          .where(and(eq(devices.id, claims.deviceId), open))
      : await ctx.db
          .select(shape)
          .from(customers)
          .innerJoin(customerDevices, and(eq(customerDevices.customerId, customers.id), eq(customerDevices.deviceId, claims.deviceId)))
          .innerJoin(devices, eq(devices.id, customerDevices.deviceId))
          .innerJoin(storefronts, eq(storefronts.userId, customers.userId))
          .innerJoin(users, eq(users.id, storefronts.userId))
          .where(and(eq(customers.id, claims.customerId), open));
  if (!found) throw linkGone();
  const products = await ctx.db
    .select({ id: storefrontProducts.id, storefrontId: storefrontProducts.storefrontId, appIds: storefrontProducts.appIds, active: storefrontProducts.active, deletedAt: storefrontProducts.deletedAt })
    .from(storefrontProducts)
    .where(
      sql`${storefrontProducts.id} = ${claims.productId} or (${storefrontProducts.storefrontId} = ${found.store.id} and ${found.appId} = any(${storefrontProducts.appIds}))`,
    )
    .orderBy(asc(storefrontProducts.id));
  const named = products.find((p) => p.id === claims.productId);
  if (named && named.storefrontId !== found.store.id) throw linkGone();
  const sellable = await sellableApps(ctx.db, found.store.userId, found.roleId);
  const onSale = (p: (typeof products)[number]) => p.storefrontId === found.store.id && p.active && p.deletedAt === null && p.appIds.every((id) => sellable.has(id));
  const product = named && onSale(named) ? named : products.find((p) => p.appIds.includes(found.appId) && onSale(p));
  if (!product) throw linkGone();
  return { slug: found.store.slug, product_id: product.id, mac_address: found.mac, app_ids: product.appIds };
}

/** POST /api/public/reminders/unsubscribe/:token: the customer's reminders stop (again: unchanged). */
export async function unsubscribe(ctx: Ctx, token: string): Promise<void> {
  const customerId = readUnsubscribeToken(ctx.config, token);
  if (customerId === undefined) throw linkGone();
  const [row] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  if (!row) throw linkGone();
  await ctx.db
    .update(customers)
    .set({ remindersOffAt: new Date(), updatedAt: new Date() })
    .where(and(eq(customers.id, customerId), isNull(customers.remindersOffAt)));
}
