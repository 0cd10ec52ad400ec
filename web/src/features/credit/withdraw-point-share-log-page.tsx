import { useTranslation } from 'react-i18next';
import { CREDIT_TR_TYPES } from '@panel/contract';
import { CreditLogTable } from './credit-log-table';

const TYPES = [CREDIT_TR_TYPES.withdraw] as const;

/** Withdraw point share log (business-panel.md §2; permission credit-point-share-log, checked by the route guard). */
export function WithdrawPointShareLogPage() {
  const { t } = useTranslation();
  return <CreditLogTable types={TYPES} label={t('nav.withdrawPointShareLog')} />;
}
