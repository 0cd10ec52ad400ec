import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { ActivationRecordsTable } from '../../components/activation-records-table';
import { session } from '../../lib/session';
import { activatedAppsQuery } from './get-activated-apps';
import { RemarkCell } from './remark-cell';

/**
 * Activated apps list (business-panel.md §2): the caller's activations, searchable, filtered by
 * date range and module, sortable; remarks are edited in place with 'multi apps activation-remarks'.
 */
export function ActivatedAppsPage() {
  const { t } = useTranslation();
  const canEdit = session.has('multi apps activation-remarks');
  return (
    <ActivationRecordsTable
      label={t('nav.activatedApps')}
      query={activatedAppsQuery}
      moduleFilter
      remarks={(row) => (canEdit ? <RemarkCell row={row} /> : <Text size="sm">{row.comment ?? ''}</Text>)}
    />
  );
}
