import { useTranslation } from 'react-i18next';
import { CREDIT_TR_TYPES } from '@panel/contract';
import { CreditLogTable } from './credit-log-table';

/** Refunds (an undone activation, issue 27) are credit coming back to an account: shown with the shares. */
const TYPES = [CREDIT_TR_TYPES.added, CREDIT_TR_TYPES.selfCredit, CREDIT_TR_TYPES.refund] as const;

/** Credit point share log (core-panel.md §2; permission credit-point-share-log, checked by the route guard). */
export function CreditPointShareLogPage() {
  const { t } = useTranslation();
  return <CreditLogTable types={TYPES} label={t('nav.creditPointShareLog')} />;
}
