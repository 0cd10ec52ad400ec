import { useTranslation } from 'react-i18next';
import { TICKET_STATUS_COLORS, type TicketStatus } from '@panel/contract';
import { SafeHtml } from '../../components/safe-html';
import { StatusBadge } from '../../components/status-badge';

/** §4: each status in its colour, named in the reader's language. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={TICKET_STATUS_COLORS[status]}>{t(`supportTickets.statuses.${status}`)}</StatusBadge>;
}

/**
 * The stored description, sanitised again in the browser through the panel's allow-list
 * (SafeHtml: only formatting, checked http(s) links opening in a new tab, and images), in the
 * direction of its own text (Arabic right to left).
 */
export function TicketDescription({ html }: { html: string }) {
  return (
    <div dir="auto">
      <SafeHtml html={html} />
    </div>
  );
}
