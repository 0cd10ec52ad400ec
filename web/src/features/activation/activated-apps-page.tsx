import { useTranslation } from 'react-i18next';
import { Button, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { ActivationRecordsTable } from '../../components/activation-records-table';
import { toastError } from '../../components/toast';
import { session } from '../../lib/session';
import { shownWhereItHappened } from '../../lib/feedback';
import { useExportDevices } from './export-devices';
import { activatedAppsQuery } from './get-activated-apps';
import { RemarkCell } from './remark-cell';
import { undoOpen } from './undo-activation';
import { UndoActivationAction } from './undo-activation-action';

/**
 * Activated apps list (business-panel.md §2): the caller's activations, searchable, filtered by
 * date range and module, sortable; remarks are edited in place with 'multi apps activation-remarks'.
 * Export CSV downloads every activated device within reach (GET api/devices-export), not the page.
 */
export function ActivatedAppsPage() {
  const { t } = useTranslation();
  const canEdit = session.has('multi apps activation-remarks');
  const canUndo = session.has('multi apps activation');
  const exportCsv = useExportDevices();
  return (
    <ActivationRecordsTable
      label={t('nav.activatedApps')}
      query={activatedAppsQuery}
      moduleFilter
      remarks={(row) => (canEdit ? <RemarkCell row={row} /> : <Text size="sm">{row.comment ?? ''}</Text>)}
      // Undo (issue 27): offered while the row's window is open and it is not undone; the server decides the rest.
      rowActions={
        canUndo
          ? (row) =>
              !row.refunded_at && undoOpen(row.undo_until) ? (
                <UndoActivationAction ids={[row.id]} apps={row.module} mac={row.mac_address} cost={row.credit_point} />
              ) : null
          : undefined
      }
      actions={(empty) => (
        <Tooltip label={t('activatedApps.exportHint')} multiline w={300}>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportCsv.isPending}
            disabled={empty}
            onClick={() =>
              exportCsv.mutate(undefined, {
                // A refusal says why (the server's message); anything else is the generic failure.
                onError: (error) => {
                  toastError(error instanceof ApiError && error.status > 0 && error.status < 500 && error.message ? error.message : t('activatedApps.exportFailed'));
                  shownWhereItHappened(error);
                },
              })
            }
          >
            {t('activatedApps.export')}
          </Button>
        </Tooltip>
      )}
    />
  );
}
