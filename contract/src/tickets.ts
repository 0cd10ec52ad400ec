import * as z from 'zod/mini';
import { idParam, keywordField, noNul, optionalField, pageNumberField, pageSizeField, sortTypeField } from './fields.js';
import { ok, okEnvelope } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Support tickets (core-panel.md §2 Create ticket and Tickets list, §3, §4 statuses, §5 limits,
 * §7 calls, §8 messages): a reseller raises a ticket, the support side resolves it with a
 * comment, the raiser may withdraw, close or reopen it.
 */

export const TICKET_STATUSES = ['OPEN', 'REOPEN', 'RESOLVED', 'CLOSED', 'WITHDRAW'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** §4: WITHDRAW blue, CLOSED red, OPEN green, REOPEN amber, RESOLVED purple (Mantine colour names). */
export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = { WITHDRAW: 'blue', CLOSED: 'red', OPEN: 'green', REOPEN: 'yellow', RESOLVED: 'violet' };
export const TICKET_TITLE_MAX_LENGTH = 50;
/** §5: the description's text, an image counting as one character. */
export const TICKET_TEXT_MAX_LENGTH = 250;
export const TICKET_COMMENT_MAX_LENGTH = 1000;
/** The stored HTML around 250 characters of text (marks, links, image URLs) stays well under this. */
export const TICKET_HTML_MAX_LENGTH = 20_000;

export type TicketAction = 'withdraw' | 'close' | 'reopen' | 'resolve';
/** The moves the server allows (issue 10): any other is a 409 and changes nothing. */
export const TICKET_MOVES: Record<TicketAction, { from: readonly TicketStatus[]; to: TicketStatus }> = {
  withdraw: { from: ['OPEN', 'REOPEN'], to: 'WITHDRAW' },
  close: { from: ['OPEN', 'REOPEN'], to: 'CLOSED' },
  reopen: { from: ['RESOLVED', 'CLOSED'], to: 'REOPEN' },
  resolve: { from: ['OPEN', 'REOPEN'], to: 'RESOLVED' },
};
export const ticketMoveAllowed = (action: TicketAction, status: TicketStatus) => TICKET_MOVES[action].from.includes(status);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * What counts against the 250-character limit (§5): the text a reader sees, each image one
 * character. Works on the stored HTML, on the server and in the browser alike.
 */
export function ticketTextLength(html: string): number {
  const images = (html.match(/<img\b/gi) ?? []).length;
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d|\/blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (entity, name: string) =>
      name.startsWith('#') ? ' ' : (ENTITIES[name.toLowerCase()] ?? entity),
    )
    .replace(/\n+/g, '\n')
    .trim();
  return [...text].length + images;
}

export const TICKET_SORT_KEYS = ['created_at', 'id', 'title', 'status'] as const;

/** GET /api/get-all-tickets. */
export const ticketListQuery = z.object({
  page_number: pageNumberField,
  page_size: pageSizeField,
  sort_key: optionalField(z.enum(TICKET_SORT_KEYS, 'validation.invalid')),
  sort_type: sortTypeField,
  search_title: keywordField,
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

/** POST /api/create-ticket (multipart or JSON): both required ('All fields are required'), then their limits. */
export const createTicketBody = z.object({
  title: z.string('validation.allFieldsRequired').check(
    z.trim(),
    z.minLength(1, 'validation.allFieldsRequired'),
    z.maxLength(TICKET_TITLE_MAX_LENGTH, 'validation.tooLong'),
    noNul,
  ),
  description: z.string('validation.allFieldsRequired').check(
    z.minLength(1, { message: 'validation.allFieldsRequired', abort: true }),
    z.maxLength(TICKET_HTML_MAX_LENGTH, 'validation.characterLimit'),
    noNul,
    z.refine((html) => ticketTextLength(html) > 0, 'validation.allFieldsRequired'),
    z.refine((html) => ticketTextLength(html) <= TICKET_TEXT_MAX_LENGTH, 'validation.characterLimit'),
  ),
});
export type CreateTicketBody = z.infer<typeof createTicketBody>;

/** POST /api/reopen-tickets/{id}/reopen and /api/resolve-tickets/{id}/resolve. */
export const ticketCommentBody = z.object({
  comment: z.string('validation.commentRequired').check(
    z.trim(),
    z.minLength(1, 'validation.commentRequired'),
    z.maxLength(TICKET_COMMENT_MAX_LENGTH, 'validation.tooLong'),
    noNul,
  ),
});
export type TicketCommentBody = z.infer<typeof ticketCommentBody>;

export const ticketComment = z.object({
  id: z.number(),
  comment: z.string(),
  /** The status the comment moved the ticket to (REOPEN or RESOLVED). */
  status: z.enum(TICKET_STATUSES),
  author: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  created_at: z.string(),
});
export type TicketComment = z.infer<typeof ticketComment>;

export const ticket = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitised HTML: links open in a new tab with rel="noopener noreferrer". */
  description: z.string(),
  status: z.enum(TICKET_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  raised_by: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  /** The support side's comments (resolutions), oldest first. */
  admin_comments: z.array(ticketComment),
  /** The raiser's comments (reopenings), oldest first. */
  reseller_comments: z.array(ticketComment),
  /** Every comment in order, for the thread. */
  comments: z.array(ticketComment),
});
export type Ticket = z.infer<typeof ticket>;

export const ticketListAnswer = ok({
  tickets: z.array(ticket),
  meta: z.object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    /** True when more tickets match than the server counts (1,000 past the page's first row): `total` and `count` are then lower bounds. */
    total_capped: z.boolean(),
  }),
  count: z.number(),
  /** Tickets waiting for the support side (OPEN or REOPEN) among those the caller sees. */
  open_count: z.number(),
});
export type TicketListAnswer = z.infer<typeof ticketListAnswer>;

export const ticketAnswer = ok({ data: ticket });
export type TicketAnswer = z.infer<typeof ticketAnswer>;
export const ticketsDeletedAnswer = ok({ message: z.string(), deleted: z.number() });

// ── Endpoints ──────────────────────────────────────────────────────────────────────────────
// The moves' permissions are the server's (tickets.service.ts ticketActionPermission), given at registration.

const tags = ['tickets'];

export const ticketsEndpoint = endpoint({
  method: 'GET',
  path: '/get-all-tickets',
  tags,
  permission: ['tickets list', 'raisedby-tickets list'],
  description:
    "The caller's tickets, newest first (`raisedby-tickets list`: every reseller's, with the raiser), each with its whole thread; `open_count` counts those waiting for an answer (OPEN or REOPEN).",
  query: ticketListQuery,
  answer: ticketListAnswer,
});

/** Multipart (the web's form) or JSON: the server reads the multipart parts into the body before validation. */
export const createTicketEndpoint = endpoint({
  method: 'POST',
  path: '/create-ticket',
  tags,
  permission: 'new ticket',
  description:
    'multipart/form-data (or JSON): title (at most 50 characters) and description (HTML, at most 250 characters of text, an image counting as one). The description is sanitised before it is stored; plain URLs become links, image URLs inline images.',
  body: createTicketBody,
  answer: ticketAnswer,
  status: 201,
});

export const withdrawTicketEndpoint = endpoint({
  method: 'POST',
  path: '/withdraw-tickets/:id/withdraw',
  tags,
  description: 'The raiser withdraws its OPEN or REOPEN ticket (WITHDRAW, final). Any other move is a 409.',
  params: idParam,
  answer: ticketAnswer,
});

export const closeTicketEndpoint = endpoint({
  method: 'POST',
  path: '/close-tickets/:id/close',
  tags,
  description: 'The raiser closes its OPEN or REOPEN ticket (CLOSED). Any other move is a 409.',
  params: idParam,
  answer: ticketAnswer,
});

export const reopenTicketEndpoint = endpoint({
  method: 'POST',
  path: '/reopen-tickets/:id/reopen',
  tags,
  description: 'The raiser reopens its RESOLVED or CLOSED ticket with a comment (REOPEN). Any other move is a 409.',
  params: idParam,
  body: ticketCommentBody,
  answer: ticketAnswer,
});

export const resolveTicketEndpoint = endpoint({
  method: 'POST',
  path: '/resolve-tickets/:id/resolve',
  tags,
  description: 'The support side answers an OPEN or REOPEN ticket with a comment (RESOLVED); the raiser is mailed. Any other move is a 409.',
  params: idParam,
  body: ticketCommentBody,
  answer: ticketAnswer,
});

export const deleteTicketEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-tickets/:id',
  tags,
  permission: ['tickets list', 'delete-all-tickets'],
  description: "Deletes the caller's own ticket, or any with delete-all-tickets.",
  params: idParam,
  answer: okEnvelope,
});

export const deleteAllTicketsEndpoint = endpoint({
  method: 'DELETE',
  path: '/delete-all-tickets',
  tags,
  permission: 'delete-all-tickets',
  description: "Deletes every ticket; 404 'No tickets to delete.' when there is none.",
  answer: ticketsDeletedAnswer,
});
