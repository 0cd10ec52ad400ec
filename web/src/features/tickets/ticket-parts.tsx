import { useMemo } from 'react';
import { Badge, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUS_COLORS, type TicketStatus } from '@panel/contract';

/** §4: each status in its colour, named in the reader's language. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={TICKET_STATUS_COLORS[status]} variant="light">
      {t(`supportTickets.statuses.${status}`)}
    </Badge>
  );
}

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'img', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre'];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt'];

/**
 * The stored description, sanitised again in the browser (DESIGN.md §4): the server cleaned it
 * before storing, this keeps the page safe from a row it did not. Only the allow-list survives;
 * `href` and `src` only with safe schemes (DOMPurify drops `javascript:`); every link opens in a
 * new tab without handing the panel's window to the site.
 */
let purifier: ReturnType<typeof DOMPurify> | undefined;
function ticketPurifier() {
  if (purifier) return purifier;
  // An instance of its own: the hook below is the tickets' rule, not every caller's.
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      for (const name of ['href', 'target', 'rel']) node.removeAttribute(name);
    }
    // `src` and `alt` mean something on an image only.
    if (node.tagName !== 'IMG') for (const name of ['src', 'alt']) node.removeAttribute(name);
  });
  return purifier;
}

export function sanitizeTicketHtml(html: string): string {
  return ticketPurifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

/** A ticket's description as its reader's text direction gives it (Arabic right to left). */
export function TicketDescription({ html, id }: { html: string; id?: string }) {
  const clean = useMemo(() => sanitizeTicketHtml(html), [html]);
  return (
    <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
      {/* Sanitised just above with an allow-list. */}
      <div id={id} dir="auto" className="ticket-description" dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
