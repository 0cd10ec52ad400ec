import { and, asc, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { applications, customerDevices, customers, devices, storeOrders } from '../../db/schema.js';
import { cappedPage } from '../../lib/capped-page.js';
import { escapeLike } from '../../lib/like.js';

/** The queries of a reseller's customers (issue 43). Every read is narrowed to one account by its caller. */

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Pick<typeof customers.$inferInsert, 'name' | 'email' | 'phone' | 'language' | 'notes'>;

/**
 * The outer row's id, qualified by hand: in a single-table select Drizzle writes columns without
 * their table, and inside a subquery a bare "id" would be the subquery's own table's.
 */
const outerCustomerId = sql.raw('"customers"."id"');

const withCounts = {
  id: customers.id,
  userId: customers.userId,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  language: customers.language,
  notes: customers.notes,
  remindersOffAt: customers.remindersOffAt,
  telegramLinked: sql<boolean>`(${customers.telegramChatId} is not null)`,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
  devicesCount: sql<number>`(select count(*) from ${customerDevices} cd where cd.customer_id = ${outerCustomerId})::int`,
  ordersCount: sql<number>`(select count(*) from ${storeOrders} o where o.customer_id = ${outerCustomerId})::int`,
};
export type CustomerListRow = Awaited<ReturnType<typeof customerBatch>>[number];

export const ofAccount = (userId: number): SQL => eq(customers.userId, userId);

/** The account's customers, narrowed by the list's search when one is given. */
export const listCondition = (userId: number, keyword: string | undefined): SQL => and(ofAccount(userId), keyword === undefined ? undefined : searchCondition(keyword))!;

/** A typed MAC address or its start: hex pairs joined by colons or dashes (`0a:1b`, `0A-1B-2`). */
const MAC_START = /^[0-9a-f]{2}([:-][0-9a-f]{0,2}){1,5}$/i;

/**
 * The list's search: part of a name, an e-mail or a phone number; a keyword shaped like the start
 * of a MAC address also finds the customers one of whose devices has a MAC starting with it.
 */
export function searchCondition(keyword: string): SQL {
  const pattern = `%${escapeLike(keyword)}%`;
  const text = or(ilike(customers.name, pattern), ilike(customers.email, pattern), ilike(customers.phone, pattern))!;
  if (!MAC_START.test(keyword)) return text;
  const prefix = `${escapeLike(keyword.toLowerCase().replace(/-/g, ':'))}%`;
  const byDevice = sql`exists (select 1 from ${customerDevices} cd join ${devices} d on d.id = cd.device_id
    where cd.customer_id = ${outerCustomerId} and d.mac_address like ${prefix})`;
  return or(text, byDevice)!;
}

/** One page, newest first, with its capped count (`cappedPage`). */
export async function customerPage(db: DbOrTx, where: SQL | undefined, page: { number: number; size: number }) {
  const offset = (page.number - 1) * page.size;
  return cappedPage(db, db.select({ one: sql`1` }).from(customers).where(where), offset, (matching) =>
    db
      .select({ ...withCounts, matching })
      .from(customers)
      .where(where)
      .orderBy(desc(customers.id))
      .limit(page.size)
      .offset(offset),
  );
}

/** One batch of the export, oldest first, after `afterId` (see csvReport). */
export async function customerBatch(db: DbOrTx, where: SQL | undefined, afterId: number, size: number) {
  return db
    .select(withCounts)
    .from(customers)
    .where(and(where, gt(customers.id, afterId)))
    .orderBy(asc(customers.id))
    .limit(size);
}

/** The account's customer `id` with its counts, or undefined (another account's too). */
export async function findCustomer(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select(withCounts)
    .from(customers)
    .where(and(eq(customers.id, id), ofAccount(userId)));
  return row;
}

/** The account's customer `id`, locked until the transaction ends (a concurrent delete waits). */
export async function lockCustomer(tx: Tx, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), ofAccount(userId)))
    .for('update');
  return row;
}

/** The account's customer with this (lower-case) e-mail, other than `exceptId`. */
export async function customerWithEmail(db: DbOrTx, userId: number, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(ofAccount(userId), eq(customers.email, email), exceptId === undefined ? undefined : sql`${customers.id} <> ${exceptId}`));
  return row;
}

export async function insertCustomer(tx: Tx, userId: number, values: CustomerValues) {
  const [row] = await tx
    .insert(customers)
    .values({ userId, ...values })
    .returning();
  return row!;
}

export async function updateCustomer(tx: Tx, id: number, values: CustomerValues) {
  const [row] = await tx
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(customers.id, id))
    .returning();
  return row!;
}

export async function deleteCustomer(tx: Tx, id: number) {
  await tx.delete(customers).where(eq(customers.id, id));
}

/** The customer's devices with their app, oldest link first. */
export async function devicesOf(db: DbOrTx, customerId: number) {
  return db
    .select({
      deviceId: devices.id,
      macAddress: devices.macAddress,
      appId: applications.id,
      appName: applications.appName,
      expireDate: devices.expireDate,
      lifetime: devices.lifetime,
      isTrial: devices.isTrial,
      disabledAt: devices.disabledAt,
    })
    .from(customerDevices)
    .innerJoin(devices, eq(devices.id, customerDevices.deviceId))
    .innerJoin(applications, eq(applications.id, devices.applicationId))
    .where(eq(customerDevices.customerId, customerId))
    .orderBy(asc(customerDevices.id));
}

/** The customer's last `limit` orders, newest first; only its account's (an order is its store's account's). */
export async function ordersOf(db: DbOrTx, userId: number, customerId: number, limit: number) {
  return db
    .select({
      id: storeOrders.id,
      status: storeOrders.status,
      productName: storeOrders.productName,
      macAddress: storeOrders.macAddress,
      price: storeOrders.price,
      currency: storeOrders.currency,
      createdAt: storeOrders.createdAt,
    })
    .from(storeOrders)
    .where(and(eq(storeOrders.customerId, customerId), eq(storeOrders.userId, userId)))
    .orderBy(desc(storeOrders.id))
    .limit(limit);
}

/** The device of `mac` in application `applicationId`, as a player registered it, or undefined. */
export async function findDevice(db: DbOrTx, applicationId: number, mac: string) {
  const [row] = await db
    .select({ id: devices.id, activatedBy: devices.activatedBy, isTrial: devices.isTrial })
    .from(devices)
    .where(and(eq(devices.applicationId, applicationId), eq(devices.macAddress, mac)));
  return row;
}

/** Links the device; a link already there is kept as it is. True when a link was made. */
export async function link(tx: Tx, customerId: number, deviceId: number): Promise<boolean> {
  const made = await tx.insert(customerDevices).values({ customerId, deviceId }).onConflictDoNothing().returning({ id: customerDevices.id });
  return made.length > 0;
}

/** Removes the link; true when there was one. */
export async function unlink(tx: Tx, customerId: number, deviceId: number): Promise<boolean> {
  const gone = await tx
    .delete(customerDevices)
    .where(and(eq(customerDevices.customerId, customerId), eq(customerDevices.deviceId, deviceId)))
    .returning({ id: customerDevices.id });
  return gone.length > 0;
}

/** Turns the customer's reminders off (now) or on again (issue 44); an unchanged state keeps its date. */
export async function setReminders(tx: Tx, id: number, enabled: boolean) {
  await tx
    .update(customers)
    .set({ remindersOffAt: enabled ? null : sql`coalesce(${customers.remindersOffAt}, now())`, updatedAt: new Date() })
    .where(eq(customers.id, id));
}
