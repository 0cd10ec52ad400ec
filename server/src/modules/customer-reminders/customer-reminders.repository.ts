import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ReminderPhase } from '@panel/contract';
import type { DbOrTx } from '../../db/client.js';
import { applications, customerReminders, customers, devices } from '../../db/schema.js';

/** The queries of customer reminders (issue 44). */

export type DueReminder = {
  linkId: number;
  userId: number;
  customerId: number;
  customerName: string | null;
  email: string | null;
  language: string;
  telegramChatId: number | null;
  deviceId: number;
  macAddress: string;
  expiresAt: Date;
  appName: string;
  storefrontId: number;
  slug: string;
  title: string;
  supportEmail: string | null;
  supportWhatsapp: string | null;
  supportTelegram: string | null;
  hasBot: boolean;
  productId: number | null;
  phase: ReminderPhase;
  days: number;
};

/**
 * The devices among the next `size` customer-device links (keyset on customer_devices.id, after
 * `afterLinkId`) whose nearest milestone is due at `now` and not yet sent nor being sent (a claim
 * fresher than `staleBefore`), and the last link id of that slice (`next`; null: no links left).
 * A slice of links, not a page of results: each query then reads at most `size` links through the
 * primary key and its joins' keys, whatever the number of links or due devices (a page of due rows
 * would make PostgreSQL scan every link for each page).
 *
 * The milestones, per device with expiry E (the contract's rule, counted in exact time):
 * - before d: due from E − d days until E, the nearest being the smallest such d. 0 before is
 *   never due (the expiry has come: it is 0 after).
 * - after d: due from E + d days until the next larger after milestone's moment, the largest one
 *   for one day (a pass runs each day): the nearest is the largest d whose moment has passed.
 * So at any moment a device has at most one due milestone, and older ones are never back-filled.
 *
 * Who gets them: devices linked to a customer of an account whose store is enabled with reminders
 * on (and the account live); not lifetime, not disabled; activated by that account or still on a
 * trial no account activated (another reseller's since is not this store's to remind); customers
 * who did not unsubscribe and have a channel (an e-mail, or a chat with the store's bot).
 */
export async function dueReminders(db: DbOrTx, now: Date, staleBefore: Date, afterLinkId: number, size: number): Promise<{ due: DueReminder[]; next: number | null }> {
  const at = now.toISOString();
  const bound = await db.execute(sql`select max(id) as hi from (select id from customer_devices where id > ${afterLinkId} order by id limit ${size}) slice`);
  const hi = (bound as { rows: { hi: number | null }[] }).rows[0]?.hi ?? null;
  if (hi === null) return { due: [], next: null };
  const result = await db.execute(sql`
    select cd.id as "linkId", c.user_id as "userId", c.id as "customerId", c.name as "customerName", c.email, c.language,
      c.telegram_chat_id as "telegramChatId", d.id as "deviceId", d.mac_address as "macAddress", d.expire_date as "expiresAt",
      a.app_name as "appName", s.id as "storefrontId", s.slug, s.title, s.support_email as "supportEmail",
      s.support_whatsapp as "supportWhatsapp", s.support_telegram as "supportTelegram",
      (s.telegram_bot_token_encrypted is not null) as "hasBot",
      coalesce(
        (select p.id from storefront_products p where p.id = cd.product_id and p.storefront_id = s.id and p.active and p.deleted_at is null),
        (select p.id from storefront_products p where p.storefront_id = s.id and p.active and p.deleted_at is null
          and d.application_id = any(p.app_ids) order by p.id limit 1)
      ) as "productId",
      m.phase, m.days
    from customer_devices cd
    join customers c on c.id = cd.customer_id
    join storefronts s on s.user_id = c.user_id
    join users u on u.id = s.user_id
    join devices d on d.id = cd.device_id
    join applications a on a.id = d.application_id
    cross join lateral (
      select 'before'::text as phase, min(x) as days from unnest(s.reminder_days_before) x
        where d.expire_date > ${at}::timestamptz and d.expire_date - x * interval '1 day' <= ${at}::timestamptz
        having min(x) is not null
      union all
      select 'after'::text, max(x) from unnest(s.reminder_days_after) x
        where d.expire_date + x * interval '1 day' <= ${at}::timestamptz
        having max(x) is not null
          and (max(x) < (select max(y) from unnest(s.reminder_days_after) y)
            or ${at}::timestamptz < d.expire_date + (max(x) + 1) * interval '1 day')
    ) m
    where cd.id > ${afterLinkId} and cd.id <= ${hi}
      and s.reminders_enabled and s.enabled and u.status = 1 and u.deleted_at is null
      and c.reminders_off_at is null
      and (c.email is not null or (c.telegram_chat_id is not null and s.telegram_bot_token_encrypted is not null))
      and not d.lifetime and d.disabled_at is null
      and (d.activated_by = c.user_id or (d.activated_by is null and d.is_trial = 1))
      -- No milestone is further than 30 days before or 31 days after: a cheap first cut.
      and d.expire_date > ${at}::timestamptz - interval '32 days' and d.expire_date < ${at}::timestamptz + interval '31 days'
      and not exists (
        select 1 from customer_reminders r
        where r.customer_id = c.id and r.device_id = d.id and r.expires_at = d.expire_date and r.phase = m.phase and r.days = m.days
          and (r.sent_at is not null or r.claimed_at >= ${staleBefore.toISOString()}::timestamptz)
      )
    order by cd.id`);
  const due = (result as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    ...(row as unknown as DueReminder),
    telegramChatId: row.telegramChatId === null ? null : Number(row.telegramChatId),
    expiresAt: new Date(row.expiresAt as string | Date),
    productId: row.productId === null ? null : Number(row.productId),
  }));
  return { due, next: Number(hi) };
}

/**
 * The claims of a page: a new row per milestone, or a stale unsent one taken over. Nodes racing for
 * the same milestone all reach this statement; the unique key lets one insert (or take over) and
 * the others get nothing back, so only that node sends.
 */
export async function claim(db: DbOrTx, due: DueReminder[], now: Date, staleBefore: Date) {
  if (due.length === 0) return [];
  return db
    .insert(customerReminders)
    .values(due.map((r) => ({ userId: r.userId, customerId: r.customerId, deviceId: r.deviceId, expiresAt: r.expiresAt, phase: r.phase, days: r.days, claimedAt: now })))
    .onConflictDoUpdate({
      target: [customerReminders.customerId, customerReminders.deviceId, customerReminders.expiresAt, customerReminders.phase, customerReminders.days],
      set: { claimedAt: now },
      setWhere: and(isNull(customerReminders.sentAt), lt(customerReminders.claimedAt, staleBefore)),
    })
    .returning({ id: customerReminders.id, customerId: customerReminders.customerId, deviceId: customerReminders.deviceId, phase: customerReminders.phase, days: customerReminders.days });
}

export type Outcome = { id: number; email: 'sent' | 'failed' | null; telegram: 'sent' | 'failed' | null; sent: boolean };

/** Records a page's outcomes in one statement; a reminder no channel took stays unsent (tried again after the claim's timeout). */
export async function record(db: DbOrTx, outcomes: Outcome[], now: Date) {
  if (outcomes.length === 0) return;
  const values = JSON.stringify(outcomes.map((o) => ({ id: o.id, e: o.email, t: o.telegram, s: o.sent })));
  await db.execute(sql`
    update customer_reminders r set email_status = v.e, telegram_status = v.t, sent_at = case when v.s then ${now.toISOString()}::timestamptz else null end
    from json_to_recordset(${values}::json) as v(id int, e text, t text, s boolean)
    where r.id = v.id`);
}

/** Claims still unsent among those made from `since` (this pass's day) until `now`: another node at work, or all channels failed. */
export async function pendingSince(db: DbOrTx, since: Date, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customerReminders)
    .where(and(isNull(customerReminders.sentAt), sql`${customerReminders.claimedAt} between ${since.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz`));
  return row?.n ?? 0;
}

/** The account's last `limit` reminders, newest first. */
export async function lastSent(db: DbOrTx, userId: number, limit: number) {
  return db
    .select({
      id: customerReminders.id,
      customerId: customers.id,
      customerName: customers.name,
      customerEmail: customers.email,
      macAddress: devices.macAddress,
      appId: applications.id,
      appName: applications.appName,
      phase: customerReminders.phase,
      days: customerReminders.days,
      expiresAt: customerReminders.expiresAt,
      emailStatus: customerReminders.emailStatus,
      telegramStatus: customerReminders.telegramStatus,
      sentAt: customerReminders.sentAt,
    })
    .from(customerReminders)
    .innerJoin(customers, eq(customers.id, customerReminders.customerId))
    .innerJoin(devices, eq(devices.id, customerReminders.deviceId))
    .innerJoin(applications, eq(applications.id, devices.applicationId))
    .where(eq(customerReminders.userId, userId))
    .orderBy(desc(customerReminders.id))
    .limit(limit);
}
