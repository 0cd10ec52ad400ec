import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActivationRecordsTable } from '../../components/activation-records-table';
import { session } from '../../lib/session';
import { activationLogsQuery } from './get-activation-logs';

/**
 * Activation transaction logs (core-panel.md §2; 'transactions-logs', checked by the route guard):
 * searchable, sortable and paged; the Remarks column only with 'remarks-trans-logs'.
 */
export function ActivationLogsPage() {
  const { t } = useTranslation();
  const withRemarks = session.has('remarks-trans-logs');
  return (
    <ActivationRecordsTable
      label={t('nav.activationLogs')}
      query={activationLogsQuery}
      log
      remarks={withRemarks ? (row) => <Text size="sm">{row.comment ?? ''}</Text> : undefined}
    />
  );
}
