import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  SEARCH_MIN_LENGTH,
  TICKET_MOVES,
  translate,
  type CreateTicketBody,
  type Ticket,
  type TicketAction,
  type TicketComment,
  type TicketListQuery,
} from '@panel/contract';
import { perDatabase, type DbOrTx } from '../../db/client.js';
import { ticketComments, tickets, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { callerOf, type Ctx } from '../../http/context.js';
import { audit } from '../../lib/audit.js';
import { cappedAnswer, countLimit, countOf } from '../../lib/capped-page.js';
import { escapeLike } from '../../lib/like.js';
import { builtOncePerShape, shapeOf } from '../../lib/shaped-statement.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { ticketResolvedMail } from '../../mail/templates.js';
import { emit, excerptOf } from '../webhooks/webhooks.service.js';

/**
 * Support tickets (core-panel.md §2–§8): a reseller raises one, the support side (`reply`)
 * resolves it with a comment, the raiser withdraws, closes or reopens it (TICKET_MOVES). A caller
 * sees its own tickets; `raisedby-tickets list` sees every one, with its raiser.
 */

const ACTION_KEYS: Record<TicketAction, { done: string; refused: string; permission: 'withdraw ticket' | 'close-ticket' | 'REOPEN' | 'reply' }> = {
  withdraw: { done: 'tickets.withdrawn', refused: 'tickets.cannotWithdraw', permission: 'withdraw ticket' },
  close: { done: 'tickets.closed', refused: 'tickets.cannotClose', permission: 'close-ticket' },
  reopen: { done: 'tickets.reopened', refused: 'tickets.cannotReopen', permission: 'REOPEN' },
  resolve: { done: 'tickets.resolved', refused: 'tickets.cannotResolve', permission: 'reply' },
};
export const ticketActionPermission = (action: TicketAction) => ACTION_KEYS[action].permission;

const seesAll = (ctx: Ctx) => callerOf(ctx).permissions.has('raisedby-tickets list');

const account = { id: users.id, name: users.name, email: users.email };

/** Tickets with their raiser and their whole thread, in the order of `ids`. */
async function ticketsWithThreads(db: DbOrTx, ids: number[]): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ticket: tickets, raiser: account })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.raisedBy))
    .where(inArray(tickets.id, ids));
  const byId = new Map((await withThreads(db, rows)).map((t) => [t.id, t]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** Tickets read with their raiser, each given its whole thread, in their order. */
/** The threads of a page's tickets, oldest comment first: one statement, built once, the ids one array parameter. */
const threadsOf = perDatabase((db: DbOrTx) =>
  db
    .select({ comment: ticketComments, author: account })
    .from(ticketComments)
    .innerJoin(users, eq(users.id, ticketComments.authorId))
    .where(sql`${ticketComments.ticketId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(ticketComments.id))
    .prepare('ticket_threads'),
);

async function withThreads(db: DbOrTx, rows: { ticket: typeof tickets.$inferSelect; raiser: { id: number; name: string; email: string } }[]): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const comments = await threadsOf(db).execute({ ids: rows.map((r) => r.ticket.id) });
  const threads = new Map<number, TicketComment[]>();
  for (const { comment, author } of comments) {
    const list = threads.get(comment.ticketId) ?? [];
    list.push({ id: comment.id, comment: comment.comment, status: comment.status, author, created_at: comment.createdAt.toISOString() });
    threads.set(comment.ticketId, list);
  }
  return rows.map(({ ticket, raiser }) => {
    const thread = threads.get(ticket.id) ?? [];
    return {
      id: ticket.id,
      title: ticket.title,
      description: ticket.description,
      status: ticket.status,
      created_at: ticket.createdAt.toISOString(),
      updated_at: ticket.updatedAt.toISOString(),
      raised_by: raiser,
      // The raiser's comments are its reopenings; everyone else's are the support side's.
      admin_comments: thread.filter((c) => c.author.id !== raiser.id),
      reseller_comments: thread.filter((c) => c.author.id === raiser.id),
      comments: thread,
    };
  });
}

/** Constants, not parameters: a prepared statement's plan can then use the partial index tickets_open_idx. */
const stillOpen = sql`${tickets.status} in ('OPEN', 'REOPEN')`;

const pages = builtOncePerShape('ticket_page');
const pastTheEnd = builtOncePerShape('ticket_count');

const SORT_COLUMNS = { created_at: tickets.createdAt, id: tickets.id, title: tickets.title, status: tickets.status } as const;

/**
 * GET /api/get-all-tickets. One statement for the page, its raisers and both counts (computed
 * once, as subqueries), then one for the page's threads: two round trips per list. The total
 * counts 1,000 tickets past the page (`cappedPage`); the open count, on its small index, is exact.
 * Built once per shape (the caller's own or every ticket, searched or not, the sort).
 */
export async function listTickets({ ctx, query }: { ctx: Ctx; query: TicketListQuery }) {
  const db = ctx.db;
  const keyword = query.search_title?.trim();
  const shape = shapeOf([
    seesAll(ctx) ? undefined : { key: 'own', values: { raiser: callerOf(ctx).userId }, build: (value) => eq(tickets.raisedBy, value('raiser')) },
    keyword && keyword.length >= SEARCH_MIN_LENGTH
      ? { key: 'title', values: { pattern: `%${escapeLike(keyword)}%` }, build: (value) => ilike(tickets.title, value('pattern')) }
      : undefined,
  ]);
  const sortKey = query.sort_key ?? 'created_at';
  const ascending = query.sort_type?.toLowerCase() === 'asc';
  const counts = () => {
    const [own] = shape.conditions();
    return {
      open: sql<number>`(${db.select({ n: count() }).from(tickets).where(and(own, stillOpen))})`.mapWith(Number),
      matching: countOf(db.select({ one: sql`1` }).from(tickets).where(shape.where()).limit(sql.placeholder('cap'))),
    };
  };
  const statement = pages(db, `${shape.key};${sortKey};${ascending ? 'asc' : 'desc'}`, () => {
    const order = ascending ? asc : desc;
    return db
      .select({ ticket: tickets, raiser: account, ...counts() })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.raisedBy))
      .where(shape.where())
      .orderBy(order(SORT_COLUMNS[sortKey]), order(tickets.id))
      .limit(sql.placeholder('size'))
      .offset(sql.placeholder('offset'));
  });
  const size = query.page_size;
  const offset = (query.page_number - 1) * size;
  const values = { ...shape.values, cap: countLimit(offset) };
  const rows = await statement.execute({ ...values, size, offset });
  // A page past the end has no row to carry the counts: only then are they asked on their own.
  const { open, matching } = rows[0] ?? (await pastTheEnd(db, shape.key, () => db.select(counts()).from(sql`(select 1) as one`)).execute(values))[0]!;
  const { entries, total, totalCapped } = cappedAnswer(rows, offset, matching);
  return {
    tickets: await withThreads(db, entries),
    meta: { current_page: query.page_number, last_page: Math.max(1, Math.ceil(total / size)), per_page: size, total, total_capped: totalCapped },
    count: total,
    open_count: open,
  };
}

/** POST /api/create-ticket: the description is sanitised before it is stored. */
export async function createTicket({ ctx, input }: { ctx: Ctx; input: CreateTicketBody }) {
  const me = callerOf(ctx);
  const [row] = await ctx.db
    .insert(tickets)
    .values({ title: input.title, description: sanitizeRichText(input.description), raisedBy: me.userId })
    .returning({ id: tickets.id });
  await audit(ctx, { action: 'ticket.create', targetType: 'ticket', targetId: row!.id });
  return (await ticketsWithThreads(ctx.db, [row!.id]))[0]!;
}

/**
 * A status move (TICKET_MOVES): the raiser withdraws, closes or reopens its own ticket; a holder
 * of `reply` resolves any. A move the ticket's status does not allow is a 409 and changes nothing.
 * The raiser is mailed when its ticket is resolved.
 */
export async function moveTicket({ ctx, id, action, comment }: { ctx: Ctx; id: number; action: TicketAction; comment?: string }) {
  const me = callerOf(ctx);
  const move = TICKET_MOVES[action];
  const raiser = await ctx.db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
    // Another reseller's ticket does not exist for the caller; only the support side resolves any.
    if (!ticket || (action !== 'resolve' && ticket.raisedBy !== me.userId)) throw new AppError('NOT_FOUND', { key: 'tickets.notFound' });
    if (!move.from.includes(ticket.status)) throw new AppError('CONFLICT', { key: ACTION_KEYS[action].refused });
    await tx.update(tickets).set({ status: move.to, updatedAt: sql`now()` }).where(eq(tickets.id, id));
    if (comment !== undefined) {
      const [reply] = await tx
        .insert(ticketComments)
        .values({ ticketId: id, authorId: me.userId, comment, status: move.to })
        .returning({ id: ticketComments.id, createdAt: ticketComments.createdAt });
      // The raiser's own comments (its reopenings) are no news to it.
      if (ticket.raisedBy !== me.userId) {
        await emit(ctx, tx, ticket.raisedBy, 'ticket.replied', {
          ticket: { id, subject: ticket.title, status: move.to },
          reply: { id: reply!.id, author: { id: me.userId, name: me.name }, created_at: reply!.createdAt.toISOString(), excerpt: excerptOf(comment) },
        });
      }
    }
    await audit(ctx, { action: `ticket.${action}`, targetType: 'ticket', targetId: id, details: { from: ticket.status, to: move.to } }, tx);
    const [user] = await tx.select(account).from(users).where(eq(users.id, ticket.raisedBy));
    return { ...user!, title: ticket.title };
  });
  if (action === 'resolve') await ctx.mailer.send(ticketResolvedMail(ctx.locale, raiser, { title: raiser.title, comment: comment ?? '', link: `${ctx.config.publicUrl}/tickets-list` }));
  return { msg: translate(ctx.locale, ACTION_KEYS[action].done), data: (await ticketsWithThreads(ctx.db, [id]))[0]! };
}

/** DELETE /api/delete-tickets/{id}: the caller's own ticket, or any with delete-all-tickets. */
export async function deleteTicket({ ctx, id }: { ctx: Ctx; id: number }) {
  const me = callerOf(ctx);
  const mine = me.permissions.has('delete-all-tickets') ? undefined : eq(tickets.raisedBy, me.userId);
  const deleted = await ctx.db.delete(tickets).where(and(eq(tickets.id, id), mine)).returning({ id: tickets.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { key: 'tickets.notFound' });
  await audit(ctx, { action: 'ticket.delete', targetType: 'ticket', targetId: id });
}

/** DELETE /api/delete-all-tickets: every ticket (the support side's clean-up); none is a 404. */
export async function deleteAllTickets(ctx: Ctx) {
  const deleted = await ctx.db.delete(tickets).returning({ id: tickets.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', { key: 'tickets.noTickets' });
  await audit(ctx, { action: 'ticket.deleteAll', targetType: 'ticket', details: { count: deleted.length } });
  return deleted.length;
}
