import { and, count, desc, eq, notExists, sql } from 'drizzle-orm';
import { translate, type CreateNotificationBody, type NotificationsQuery } from '@panel/contract';
import { notificationReads, notifications } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { sanitizeRichText } from '../../lib/rich-text.js';

const active = eq(notifications.status, 1);

async function readIds(ctx: Ctx, userId: number) {
  const rows = await ctx.db
    .select({ id: notificationReads.notificationId })
    .from(notificationReads)
    .innerJoin(notifications, eq(notifications.id, notificationReads.notificationId))
    .where(and(eq(notificationReads.userId, userId), active));
  return rows.map((r) => r.id);
}

async function unreadCount(ctx: Ctx, userId: number) {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        active,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(notificationReads)
            .where(and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, userId))),
        ),
      ),
    );
  return row!.n;
}

/** The caller's feed: active notifications, newest first, with the ids it has read and its unread count. */
export async function listForReseller({ ctx, query }: { ctx: Ctx; query: NotificationsQuery }) {
  const me = callerOf(ctx);
  const [rows, [total], read, unread] = await Promise.all([
    ctx.db
      .select({ id: notifications.id, title: notifications.title, description: notifications.description, createdAt: notifications.createdAt })
      .from(notifications)
      .where(active)
      .orderBy(desc(notifications.id))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(notifications).where(active),
    readIds(ctx, me.userId),
    unreadCount(ctx, me.userId),
  ]);
  return {
    notifications: rows.map((r) => ({ id: r.id, title: r.title, description: r.description, created_at: new Date(r.createdAt).toISOString() })),
    readNotifications: read,
    meta: { current_page: query.page_number, last_page: Math.max(1, Math.ceil(total!.n / query.page_size)), total: total!.n },
    unread: unread,
  };
}

export async function markRead({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = callerOf(ctx);
  const [found] = await ctx.db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.id, id), active));
  if (!found) throw new AppError('NOT_FOUND');
  await ctx.db.insert(notificationReads).values({ userId: me.userId, notificationId: id }).onConflictDoNothing();
  return { readNotifications: await readIds(ctx, me.userId), unread: await unreadCount(ctx, me.userId) };
}

export async function markAllRead(ctx: Ctx) {
  const me = callerOf(ctx);
  await ctx.db.execute(sql`
    insert into notification_reads (user_id, notification_id)
    select ${me.userId}, id from notifications where status = 1
    on conflict do nothing`);
  return { readNotifications: await readIds(ctx, me.userId), unread: 0 };
}

// ---------------------------------------------------------------------------------------------
// The admin side: publish, list, switch on and off, delete.
// ---------------------------------------------------------------------------------------------

const adminColumns = { id: notifications.id, title: notifications.title, description: notifications.description, status: notifications.status, createdAt: notifications.createdAt };
const asAdminRow = (r: { id: number; title: string; description: string; status: number; createdAt: Date | string }) => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  created_at: new Date(r.createdAt).toISOString(),
});

/** POST /api/create-notifications: sanitised like every rich text, base64 raster images allowed. */
export async function createNotification({ ctx, input }: { ctx: Ctx; input: CreateNotificationBody }) {
  const [row] = await ctx.db
    .insert(notifications)
    .values({ title: input.title, description: sanitizeRichText(input.description, { dataImages: true }), createdBy: callerOf(ctx).userId })
    .returning({ id: notifications.id });
  await audit(ctx, { action: 'notification.create', targetType: 'notification', targetId: row!.id });
}

/** GET /api/get-notifications: every notification, newest first. */
export async function listForAdmin({ ctx, query }: { ctx: Ctx; query: NotificationsQuery }) {
  const [rows, [total]] = await Promise.all([
    ctx.db.select(adminColumns).from(notifications).orderBy(desc(notifications.id)).limit(query.page_size).offset((query.page_number - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(notifications),
  ]);
  const n = Number(total!.n);
  return { notifications: rows.map(asAdminRow), meta: { current_page: query.page_number, last_page: Math.max(1, Math.ceil(n / query.page_size)), total: n } };
}

/** PUT /api/change-notifications/{id}/status: 1 ↔ 0; resellers see only active ones. */
export async function toggleNotification({ ctx, id }: { ctx: Ctx; id: number }) {
  const [row] = await ctx.db
    .update(notifications)
    .set({ status: sql`1 - ${notifications.status}` })
    .where(eq(notifications.id, id))
    .returning(adminColumns);
  if (!row) throw new AppError('NOT_FOUND', { key: 'notifications.notFound' });
  await audit(ctx, { action: 'notification.status', targetType: 'notification', targetId: id, details: { status: row.status } });
  return { msg: translate(ctx.locale, row.status === 1 ? 'notifications.activated' : 'notifications.deactivated'), data: asAdminRow(row) };
}

/** DELETE /api/delete-notifications/{id}: with its read marks (cascade). */
export async function deleteNotification({ ctx, id }: { ctx: Ctx; id: number }) {
  const deleted = await ctx.db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { key: 'notifications.notFound' });
  await audit(ctx, { action: 'notification.delete', targetType: 'notification', targetId: id });
}
