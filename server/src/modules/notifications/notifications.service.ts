import { and, count, desc, eq, notExists, sql } from 'drizzle-orm';
import type { NotificationsQuery } from '@panel/contract';
import { notificationReads, notifications } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';

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
