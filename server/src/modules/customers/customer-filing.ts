import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerDevices, customers } from '../../db/schema.js';

/** A customer's start code for its store's Telegram bot: 128 random bits in Telegram's start alphabet (A–Z a–z 0–9 _ -). */
export const telegramCode = () => crypto.randomBytes(16).toString('base64url');

/**
 * How an order files its customer (issue 43): by e-mail, lower case, one per account. A customer
 * already on file keeps its details; a name it lacked is taken from the order, and its language
 * becomes the order's (its mails then speak the language it last bought in).
 */
export async function fileCustomer(tx: DbOrTx, userId: number, order: { email: string; name: string | null; language: string }): Promise<number> {
  const email = order.email.toLowerCase();
  const [row] = await tx
    .insert(customers)
    .values({ userId, email, name: order.name, language: order.language, telegramCode: telegramCode() })
    .onConflictDoUpdate({
      target: [customers.userId, customers.email],
      targetWhere: sql`${customers.email} is not null`,
      set: { name: sql`coalesce(${customers.name}, excluded.name)`, language: sql`excluded.language`, updatedAt: sql`now()` },
    })
    .returning({ id: customers.id });
  return row!.id;
}

/**
 * Links devices to a customer. With `productId` (a sale), the link remembers the product the device
 * was last sold with, which its renewal link offers again; a link by hand keeps what it had.
 */
export async function linkDevices(tx: DbOrTx, customerId: number, deviceIds: number[], productId: number | null = null): Promise<void> {
  if (deviceIds.length === 0) return;
  const insert = tx.insert(customerDevices).values(deviceIds.map((deviceId) => ({ customerId, deviceId, productId })));
  await (productId === null
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({ target: [customerDevices.customerId, customerDevices.deviceId], set: { productId } }));
}

