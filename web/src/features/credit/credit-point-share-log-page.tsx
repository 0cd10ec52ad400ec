import { useTranslation } from 'react-i18next';
import { CREDIT_TR_TYPES } from '@panel/contract';
import { CreditLogTable } from './credit-log-table';

const TYPES = [CREDIT_TR_TYPES.added, CREDIT_TR_TYPES.selfCredit] as const;

/** Credit point share log (core-panel.md §2; permission credit-point-share-log, checked by the route guard). */
export function CreditPointShareLogPage() {
  const { t } = useTranslation();
  return <CreditLogTable types={TYPES} label={t('nav.creditPointShareLog')} />;
}
