import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResellerRow } from '@panel/contract';

/** Disabled by an admin outranks the account's own active/inactive status. */
export function ResellerStatusBadge({ reseller }: { reseller: Pick<ResellerRow, 'status' | 'is_disable_by_admin'> }) {
  const { t } = useTranslation();
  if (reseller.is_disable_by_admin === 1) {
    return (
      <Badge color="red" variant="light">
        {t('resellerList.status.disabled')}
      </Badge>
    );
  }
  return reseller.status === 1 ? (
    <Badge color="green" variant="light">
      {t('resellerList.status.active')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {t('resellerList.status.inactive')}
    </Badge>
  );
}
