import {
  CUSTOMERS_CSV_COLUMNS,
  SEARCH_MIN_LENGTH,
  translate,
  type Customer,
  type CustomerDetail,
  type CustomerDevice,
  type CustomerFields,
  type CustomersQuery,
  type LinkCustomerDeviceBody,
  type Locale,
} from '@panel/contract';
import { AppError, fieldError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { csvReport } from '../../lib/csv.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import * as storefront from '../storefront/storefront.service.js';
import * as repo from './customers.repository.js';

// How a store order files its customer and links its devices (the storefront's fulfilment uses it).
export { fileCustomer, linkDevices } from './customer-filing.js';

/**
 * A reseller's customers (issue 43): filed by e-mail when they order from the store
 * (customer-filing.ts), or added here by hand, with the devices they own. A customer is its
 * account's own whatever the caller's role: another account's answers 404 CUSTOMER_NOT_FOUND, as an
 * unknown id does, so that ids are not told. Audit rows carry the name only, never an e-mail or phone.
 */

/** How many of a customer's orders its page lists (the newest). */
export const CUSTOMER_PAGE_ORDERS = 50;

function shown(row: repo.CustomerListRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    language: row.language as Locale,
    notes: row.notes,
    devices_count: row.devicesCount,
    orders_count: row.ordersCount,
    reminders: { enabled: row.remindersOffAt === null, off_since: row.remindersOffAt?.toISOString() ?? null },
    telegram_linked: row.telegramLinked,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function deviceStatus(device: { disabledAt: Date | null; expireDate: Date }, now: Date): CustomerDevice['status'] {
  if (device.disabledAt !== null) return 'disabled';
  return device.expireDate.getTime() > now.getTime() ? 'active' : 'expired';
}

/** The customer's page: its details, devices and last orders. 404 unless it is the caller's. */
async function detail(ctx: Ctx, id: number): Promise<CustomerDetail> {
  const me = callerOf(ctx);
  const row = await repo.findCustomer(ctx.db, me.userId, id);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  const [linked, orders] = await Promise.all([repo.devicesOf(ctx.db, id), repo.ordersOf(ctx.db, me.userId, id, CUSTOMER_PAGE_ORDERS)]);
  const now = new Date();
  return {
    ...shown(row),
    devices: linked.map((d) => ({
      device_id: d.deviceId,
      mac_address: d.macAddress,
      app: { id: d.appId, name: d.appName },
      expires_at: d.expireDate.toISOString(),
      is_lifetime: d.lifetime,
      is_trial: d.isTrial === 1,
      status: deviceStatus(d, now),
    })),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      product_name: o.productName,
      mac_address: o.macAddress,
      price: o.price,
      currency: o.currency,
      created_at: o.createdAt.toISOString(),
    })),
  };
}

export const get = (ctx: Ctx, id: number) => detail(ctx, id);

/** The search keyword when it is long enough to narrow the list (DESIGN.md §3), else none. */
function keywordOf(query: CustomersQuery): string | undefined {
  const keyword = query.search?.trim();
  return keyword && keyword.length >= SEARCH_MIN_LENGTH ? keyword : undefined;
}

/** GET /api/customers: newest first, in capped pages. */
export async function list(ctx: Ctx, query: CustomersQuery) {
  const where = repo.listCondition(callerOf(ctx).userId, keywordOf(query));
  const size = query.per_page;
  const { entries, total, totalCapped } = await repo.customerPage(ctx.db, where, { number: query.page, size });
  return {
    data: entries.map(shown),
    meta: { total, last_page: Math.max(1, Math.ceil(total / size)), current_page: query.page, per_page: size, total_capped: totalCapped },
  };
}

/** GET /api/customers/export: the same search, oldest first, every page of it. */
export async function exportCsv(ctx: Ctx, query: CustomersQuery) {
  const where = repo.listCondition(callerOf(ctx).userId, keywordOf(query));
  return csvReport({
    header: CUSTOMERS_CSV_COLUMNS.map((column) => translate(ctx.locale, `customers.csv.${column}`)),
    batch: (afterId, size) => repo.customerBatch(ctx.db, where, afterId, size),
    line: (row) => [row.id, row.name, row.email, row.phone, row.language, row.devicesCount, row.ordersCount, row.createdAt.toISOString()],
    bom: true,
  });
}

/** The stored values of a customer's input; a language not given keeps `language`. */
function valuesOf(input: CustomerFields, language: string): repo.CustomerValues {
  return { name: input.name ?? null, email: input.email ?? null, phone: input.phone ?? null, notes: input.notes ?? null, language: input.language ?? language };
}

/** The customers_user_email_idx refusal: the pre-check's answer, also when a concurrent call won the race. */
const emailTaken = () => fieldError('email', 'validation.customerEmailTaken');

async function refuseTakenEmail(ctx: Ctx, email: string | null, exceptId?: number) {
  if (email !== null && (await repo.customerWithEmail(ctx.db, callerOf(ctx).userId, email, exceptId))) throw emailTaken();
}

/** POST /api/customers. Without a language, the customer's mails follow the store's. */
export async function create(ctx: Ctx, input: CustomerFields): Promise<CustomerDetail> {
  const me = callerOf(ctx);
  const values = valuesOf(input, input.language ?? (await storefront.get(ctx))?.default_language ?? 'en');
  await refuseTakenEmail(ctx, values.email ?? null);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const created = await repo.insertCustomer(tx, me.userId, values);
      await audit(ctx, { action: 'customer.created', targetType: 'customer', targetId: created.id, details: { name: created.name } }, tx);
      return created;
    });
    return await detail(ctx, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** PUT /api/customers/:id: replaces its details; no language keeps its own. */
export async function update(ctx: Ctx, id: number, input: CustomerFields): Promise<CustomerDetail> {
  const me = callerOf(ctx);
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await repo.lockCustomer(tx, me.userId, id);
      if (!current) throw new AppError('CUSTOMER_NOT_FOUND');
      const values = valuesOf(input, current.language);
      if (values.email && (await repo.customerWithEmail(tx, me.userId, values.email, id))) throw emailTaken();
      const saved = await repo.updateCustomer(tx, id, values);
      await audit(ctx, { action: 'customer.updated', targetType: 'customer', targetId: id, details: { name: saved.name } }, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return detail(ctx, id);
}

/** DELETE /api/customers/:id: its device links go with it; its orders stay, without it. */
export async function remove(ctx: Ctx, id: number): Promise<void> {
  const me = callerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockCustomer(tx, me.userId, id);
    if (!current) throw new AppError('CUSTOMER_NOT_FOUND');
    await repo.deleteCustomer(tx, id);
    await audit(ctx, { action: 'customer.deleted', targetType: 'customer', targetId: id, details: { name: current.name } }, tx);
  });
}

/**
 * POST /api/customers/:id/devices. A device the caller may tie to its customer: one it activated,
 * or one a player registered that is still on its trial and no account activated (the customer the
 * reseller is about to sell to). Another account's device, or none, is refused alike, so that the
 * answer does not tell whether another reseller serves that MAC. A link already there changes nothing.
 */
export async function linkDevice(ctx: Ctx, id: number, input: LinkCustomerDeviceBody): Promise<CustomerDetail> {
  const me = callerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockCustomer(tx, me.userId, id);
    if (!current) throw new AppError('CUSTOMER_NOT_FOUND');
    const device = await repo.findDevice(tx, input.app_id, input.mac_address);
    const linkable = device && (device.activatedBy === me.userId || (device.isTrial === 1 && device.activatedBy === null));
    if (!linkable) throw fieldError('mac_address', 'validation.customerDeviceNotLinkable');
    if (await repo.link(tx, id, device.id)) {
      await audit(ctx, { action: 'customer.device_linked', targetType: 'customer', targetId: id, details: { name: current.name, device_id: device.id } }, tx);
    }
  });
  return detail(ctx, id);
}

/** DELETE /api/customers/:id/devices/:deviceId: the device itself is unchanged; a device not linked changes nothing. */
export async function unlinkDevice(ctx: Ctx, id: number, deviceId: number): Promise<CustomerDetail> {
  const me = callerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockCustomer(tx, me.userId, id);
    if (!current) throw new AppError('CUSTOMER_NOT_FOUND');
    if (await repo.unlink(tx, id, deviceId)) {
      await audit(ctx, { action: 'customer.device_unlinked', targetType: 'customer', targetId: id, details: { name: current.name, device_id: deviceId } }, tx);
    }
  });
  return detail(ctx, id);
}

/**
 * PUT /api/customers/:id/reminders (issue 44): the reseller turns the customer's reminders on again
 * (after it unsubscribed) or off. Audited with the name only.
 */
export async function setReminders(ctx: Ctx, id: number, enabled: boolean): Promise<CustomerDetail> {
  const me = callerOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockCustomer(tx, me.userId, id);
    if (!current) throw new AppError('CUSTOMER_NOT_FOUND');
    await repo.setReminders(tx, id, enabled);
    await audit(ctx, { action: 'customer.reminders', targetType: 'customer', targetId: id, details: { name: current.name, enabled } }, tx);
  });
  return detail(ctx, id);
}
