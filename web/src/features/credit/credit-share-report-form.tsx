import { Button, Card, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dateRangeBody, type DateRangeBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { DateRangeInput } from '../../components/date-range-input';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { toastError, toastSuccess } from '../../components/toast';
import { shownWhereItHappened } from '../../lib/feedback';
import { useDownloadCreditShareReport } from './download-credit-share-report';

/** Today as the date inputs write it (yyyy-mm-dd, the reader's calendar day). */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The dashboard's credit-share report (core-panel.md §2, §5): a start and an end date, at most
 * 3 months apart and the end not before the start, checked here with the server's own rule
 * before anything is sent. Days are calendar days as the server reads them (UTC).
 */
export function CreditShareReportForm() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const download = useDownloadCreditShareReport();
  const form = useZodForm<DateRangeBody>(dateRangeBody, { initialValues: { start_date: today(), end_date: today() } });

  const submit = form.onSubmit((values) =>
    download.mutate(values, {
      onSuccess: () => toastSuccess(t('credit.report.downloaded')),
      // The server's message or 'No records found for the given date range', in this form's own toast.
      onError: (error) => {
        shownWhereItHappened(error);
        toastError(error instanceof ApiError && error.status !== 0 && error.message ? error.message : t('credit.report.noRecords'));
      },
    }),
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="credit-report-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text fw={600} id="credit-report-title">
              {t('credit.report.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('credit.report.hint')}
            </Text>
          </div>
          <DateRangeInput
            label={t('credit.report.dates')}
            required
            clearable={false}
            start={form.values.start_date}
            end={form.values.end_date}
            onChange={(start, end) => form.setValues({ start_date: start, end_date: end })}
            error={errorText(form.errors.start_date, 'start_date') ?? errorText(form.errors.end_date, 'end_date')}
          />
          <FormActions form={form}>
            <Button type="submit" leftSection={<IconDownload size={16} />} loading={download.isPending}>
              {t('credit.report.download')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
