import { useTranslation } from 'react-i18next';
import type { ResellerRow } from '@panel/contract';
import { StatusBadge } from '../../components/status-badge';

/**
 * Disabled by an admin outranks everything; an account that has not chosen its password yet is
 * "Invited" (it cannot sign in, whatever its status says); else its own active/inactive status.
 */
export function ResellerStatusBadge({ reseller }: { reseller: Pick<ResellerRow, 'status' | 'is_disable_by_admin' | 'invited'> }) {
  const { t } = useTranslation();
  if (reseller.is_disable_by_admin === 1) {
    return (
      <StatusBadge color="red">
        {t('resellerList.status.disabled')}
      </StatusBadge>
    );
  }
  if (reseller.invited) {
    return (
      <StatusBadge color="blue">
        {t('resellerList.status.invited')}
      </StatusBadge>
    );
  }
  return reseller.status === 1 ? (
    <StatusBadge color="green">
      {t('resellerList.status.active')}
    </StatusBadge>
  ) : (
    <StatusBadge color="gray">
      {t('resellerList.status.inactive')}
    </StatusBadge>
  );
}
