import { useTranslation } from 'react-i18next';
import { BILLING_STATUS_COLORS, type BillingStatus } from '@panel/contract';
import { StatusBadge } from '../../components/status-badge';

/** An order's status (§3: pending, completed, failed, cancelled) in its colour and the reader's words. */
export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  const { t } = useTranslation();
  return <StatusBadge color={BILLING_STATUS_COLORS[status]}>{t(`billing.statuses.${status}`)}</StatusBadge>;
}
