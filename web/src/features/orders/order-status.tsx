import { useTranslation } from 'react-i18next';
import type { StoreOrderStatus } from '@panel/contract';
import { StatusBadge } from '../../components/status-badge';

/** One colour per status: what waits on the reseller stands out (yellow, orange), what ended badly is red. */
export const ORDER_STATUS_COLORS: Record<StoreOrderStatus, string> = {
  pending_payment: 'blue',
  awaiting_approval: 'yellow',
  waiting_credit: 'orange',
  activated: 'green',
  failed: 'red',
  rejected: 'gray',
};

export function OrderStatusBadge({ status }: { status: StoreOrderStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={ORDER_STATUS_COLORS[status]}>{t(`orders.statuses.${status}`)}</StatusBadge>;
}
