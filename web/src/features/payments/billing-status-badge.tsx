import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BILLING_STATUS_COLORS, type BillingStatus } from '@panel/contract';

/** An order's status (§3: pending, completed, failed, cancelled) in its colour and the reader's words. */
export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={BILLING_STATUS_COLORS[status]} variant="light">
      {t(`billing.statuses.${status}`)}
    </Badge>
  );
}
