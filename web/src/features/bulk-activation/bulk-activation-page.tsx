import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Alert, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, MIME_TYPES } from '@mantine/dropzone';
import { IconDownload, IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BULK_CSV_HEADER, BULK_FILE_MAX_BYTES, BULK_MAX_ROWS, type BulkActivationResult } from '@panel/contract';
import { ApiError, saveDownload } from '../../api/client';
import { useAllowedApplications } from '../../api/allowed-applications';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormHeading } from '../../components/form-heading';
import { MoneySummary } from '../../components/money-summary';
import { shownWhereItHappened } from '../../lib/feedback';
import { formatNumber } from '../../lib/format';
import { BulkResultsTable } from '../../components/bulk-results-table';
import { bulkCsv, bulkResultsCsv, useBulkProgress, useRunBulkActivation } from '../../api/bulk-activations';

const TEMPLATE_NAME = 'bulk-activation-template.csv';
const RESULTS_NAME = 'bulk-activation-results.csv';

/** What the screen holds: the file checked by its dry run, then the real run's results. */
type Checked = { file: File; result: BulkActivationResult };

/**
 * Bulk activation (issue 13): a CSV file of MAC addresses, apps and packages is checked first
 * (the dry run: each row's result and the total cost, nothing charged); "Activate N devices" then
 * runs it, one transaction per row, with its progress, and the results can be downloaded.
 */
export function BulkActivationPage() {
  const { t } = useTranslation();
  const applications = useAllowedApplications();
  const [checked, setChecked] = useState<Checked>();
  const [done, setDone] = useState<BulkActivationResult>();
  const [fileError, setFileError] = useState<string>();
  const [requestId, setRequestId] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const check = useRunBulkActivation();
  const activate = useRunBulkActivation();
  const progress = useBulkProgress(activate.isPending ? requestId : undefined);

  const failureOf = (error: unknown) => (error instanceof ApiError ? (error.errors.file?.[0] ?? error.message) : t('common.unexpectedError'));
  /** The refusal of the file stands under the drop zone. */
  const showFileError = (error: unknown) => {
    setFileError(failureOf(error));
    shownWhereItHappened(error);
  };

  const drop = (file: File) => {
    setChecked(undefined);
    setDone(undefined);
    setFileError(undefined);
    check.mutate(
      { file, fileName: file.name, dryRun: true },
      { onSuccess: (answer) => setChecked({ file, result: answer.data }), onError: showFileError },
    );
  };

  const run = () => {
    setConfirming(false);
    if (!checked) return;
    // One id per confirmation: a repeat of this request (a retry after a network failure) charges nothing.
    const id = crypto.randomUUID();
    setRequestId(id);
    activate.mutate(
      { file: checked.file, fileName: checked.file.name, dryRun: false, requestId: id },
      { onSuccess: (answer) => setDone(answer.data), onError: showFileError },
    );
  };

  const reset = () => {
    setChecked(undefined);
    setDone(undefined);
    setFileError(undefined);
    activate.reset();
  };

  const template = () => {
    const apps = applications.data?.data.ApplicationList.map((app) => app.app_name) ?? [];
    const [first = 'IBO Player', second] = apps;
    saveDownload({
      blob: bulkCsv([
        { mac_address: '00:1A:79:00:00:01', apps: [first], package: '1-year', comment: t('bulkActivation.templateComment') },
        { mac_address: '00:1A:79:00:00:02', apps: second ? [first, second] : [first], package: 'lifetime' },
      ]),
      filename: TEMPLATE_NAME,
    });
  };

  const shown = done ?? checked?.result;
  const running = progress.data?.data;
  const percent = running && running.total > 0 ? (running.done / running.total) * 100 : 0;
  const total = running?.total || (shown?.rows.length ?? 0);

  return (
    <Stack gap="md">
      <Card withBorder padding="lg" component="section" aria-labelledby="bulk-activation-title">
        <Stack gap="sm">
          <FormHeading id="bulk-activation-title" icon={IconFileSpreadsheet} title={t('bulkActivation.title')} intro={t('bulkActivation.intro')} />
          <Group>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={template}>
              {t('bulkActivation.template')}
            </Button>
          </Group>
          {!checked && (
            <Dropzone
              onDrop={(files) => files[0] && drop(files[0])}
              onReject={() => setFileError(t('bulkActivation.rejected', { size: '2 MB' }))}
              accept={[MIME_TYPES.csv, 'application/vnd.ms-excel', 'text/plain']}
              maxSize={BULK_FILE_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              loading={check.isPending}
              aria-label={t('bulkActivation.drop')}
            >
              <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
                <Dropzone.Accept>
                  <IconUpload size={40} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileSpreadsheet size={40} aria-hidden />
                </Dropzone.Idle>
                <div>
                  <Text fw={500}>{t('bulkActivation.drop')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('bulkActivation.dropHint', { max: formatNumber(BULK_MAX_ROWS), header: BULK_CSV_HEADER.join(','), oneYear: '1-year', lifetime: 'lifetime' })}
                  </Text>
                </div>
              </Group>
            </Dropzone>
          )}
          {fileError && (
            <Alert color="red" role="alert" title={t('bulkActivation.fileRefused')}>
              {fileError}
            </Alert>
          )}
        </Stack>
      </Card>

      {shown && (
        <Card withBorder padding="lg" component="section" aria-labelledby="bulk-results-title">
          <Stack gap="sm">
            <Text fw={600} id="bulk-results-title">
              {done ? t('bulkActivation.resultsTitle') : t('bulkActivation.dryRunTitle', { file: checked?.file.name ?? '' })}
            </Text>
            <Alert color={shown.failed === 0 ? 'green' : shown.activated === 0 ? 'red' : 'yellow'} role="status">
              {t(done ? 'bulkActivation.doneSummary' : 'bulkActivation.dryRunSummary', {
                rows: t('bulkActivation.rowCount', { count: shown.activated, amount: formatNumber(shown.activated) }),
                cost: t('bulkActivation.pointCount', { count: shown.total_cost, amount: formatNumber(shown.total_cost) }),
                failed: formatNumber(shown.failed),
                balance: formatNumber(shown.credit_point),
              })}
            </Alert>
            {activate.isPending && (
              <Stack gap={4}>
                <Progress value={percent} animated aria-label={t('bulkActivation.progressLabel')} />
                <Text size="sm" c="dimmed">
                  {t('bulkActivation.progress', { count: total, done: formatNumber(running?.done ?? 0), total: formatNumber(total) })}
                </Text>
              </Stack>
            )}
            <Group>
              {!done && (
                <Button onClick={() => setConfirming(true)} loading={activate.isPending} disabled={shown.activated === 0}>
                  {t('bulkActivation.activate', { count: shown.activated })}
                </Button>
              )}
              <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => saveDownload({ blob: bulkResultsCsv(shown.rows), filename: RESULTS_NAME })}>
                {t('bulkActivation.downloadResults')}
              </Button>
              <Button variant="subtle" onClick={reset} disabled={activate.isPending}>
                {t('bulkActivation.another')}
              </Button>
            </Group>
            <BulkResultsTable rows={shown.rows} />
          </Stack>
        </Card>
      )}
      {checked && (
        <ConfirmDialog
          opened={confirming}
          title={t('bulkActivation.confirmTitle')}
          message={t('bulkActivation.confirmText')}
          summary={
            <MoneySummary
              move="bulkActivation"
              recipient={`${t('money.devices', { count: checked.result.activated })} · ${checked.file.name}`}
              points={checked.result.total_cost}
            />
          }
          confirmLabel={t('bulkActivation.activate', { count: checked.result.activated })}
          color="blue"
          onConfirm={run}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
