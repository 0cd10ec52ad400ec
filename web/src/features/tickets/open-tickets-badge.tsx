import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { useOpenTicketCount } from './get-tickets';

/** The sidebar's count of tickets waiting for an answer, for those who see every reseller's tickets. */
export function OpenTicketsBadge() {
  const { t } = useTranslation();
  const count = useOpenTicketCount().data;
  if (!count) return null;
  return (
    <Badge size="sm" color="red.8" variant="filled" circle={count < 10}>
      <span aria-hidden>{formatNumber(count)}</span>
      <VisuallyHidden>{t('supportTickets.openCount', { count })}</VisuallyHidden>
    </Badge>
  );
}
