import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Box, Button, Center, Code, Group, Loader, MultiSelect, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOCALES, reminderSettingsInput, type Locale, type ReminderSettings, type SentReminder } from '@panel/contract';
import { CardTable, type CardColumn } from '../../components/card-table';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { SectionCard } from '../../components/section-card';
import { StatusBadge } from '../../components/status-badge';
import { isRtl, LANGUAGE_NAMES } from '../../i18n';
import { formatRecordDay, formatRecordTime } from '../../lib/format';
import { dayChoices, formatDays, sortDays } from './days';
import { useReminderPreview, useReminderSettings, useSaveReminderSettings, useSentReminders } from './reminders';

type Phase = 'before' | 'after';
type Values = { enabled: boolean; days_before: number[]; days_after: number[] };

/** "3 days before the expiry", "1 day after it", "on the day it expires". */
function useMilestone() {
  const { t } = useTranslation();
  return (phase: Phase, days: number) =>
    phase === 'after' && days === 0 ? t('storefront.reminders.onExpiryDay') : t(`storefront.reminders.${phase}`, { days: formatDays(days) });
}

/** One list of milestones: a multi-select of the allowed days that keeps each once and in time order. */
function DaysInput({ form, phase }: { form: ReturnType<typeof useZodForm<Values, ReminderSettings>>; phase: Phase }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const milestone = useMilestone();
  const field = phase === 'before' ? 'days_before' : 'days_after';
  const label = t(`storefront.reminders.${field === 'days_before' ? 'daysBefore' : 'daysAfter'}`);
  const current = form.values[field];
  // A day the server holds that this screen would not offer (0 before) stays shown, to be removed.
  const choices = sortDays([...dayChoices(phase), ...current], phase);
  return (
    <MultiSelect
      data-path={field}
      label={label}
      description={t(`storefront.reminders.${field === 'days_before' ? 'daysBeforeHint' : 'daysAfterHint'}`)}
      data={choices.map((day) => ({ value: String(day), label: milestone(phase, day) }))}
      value={current.map(String)}
      onChange={(values) => form.setFieldValue(field, sortDays(values.map(Number), phase))}
      searchable
      hidePickedOptions
      clearable
      nothingFoundMessage={t('storefront.reminders.noDay')}
      comboboxProps={{ withinPortal: true }}
      error={errorText(form.errors[field], field, { label })}
    />
  );
}

function SettingsForm({ settings }: { settings: ReminderSettings }) {
  const { t } = useTranslation();
  const save = useSaveReminderSettings();
  const form = useZodForm<Values, ReminderSettings>(reminderSettingsInput, {
    initialValues: { enabled: settings.enabled, days_before: sortDays(settings.days_before, 'before'), days_after: sortDays(settings.days_after, 'after') },
  });
  const submit = form.submit((body) => save.mutate(body, { onError: form.fail, onSuccess: (answer) => form.resetDirty(answer.data) }));
  const none = form.values.days_before.length === 0 && form.values.days_after.length === 0;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Switch
          label={t('storefront.reminders.enabled')}
          description={t('storefront.reminders.enabledHint')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <DaysInput form={form} phase="before" />
        <DaysInput form={form} phase="after" />
        {form.values.enabled && none && (
          <Alert variant="light" color="orange">
            {t('storefront.reminders.noMilestones')}
          </Alert>
        )}
        <FormAlert form={form} />
        <FormActions form={form}>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

/** The mail a customer gets, in the language picked here: its subject, then the mail itself or its plain text. */
function Preview({ initialLanguage }: { initialLanguage: Locale }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Locale>(initialLanguage);
  const [view, setView] = useState<'html' | 'text'>('html');
  const preview = useReminderPreview(language);
  const mail = preview.data?.data;
  const dir = isRtl(language) ? 'rtl' : 'ltr';
  return (
    <SectionCard title={t('storefront.reminders.previewTitle')} description={t('storefront.reminders.previewDescription')}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('storefront.reminders.previewLanguage')}
            data={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            value={language}
            onChange={(value) => value && setLanguage(value)}
            allowDeselect={false}
            w={200}
          />
          <SegmentedControl
            aria-label={t('storefront.reminders.previewView')}
            value={view}
            onChange={setView}
            data={[
              { value: 'html', label: t('storefront.reminders.previewHtml') },
              { value: 'text', label: t('storefront.reminders.previewText') },
            ]}
          />
        </Group>
        {preview.isError ? (
          <Alert color="red" role="alert">
            {t('storefront.reminders.previewFailed')}
          </Alert>
        ) : !mail ? (
          <Center p="md">
            <Loader size="sm" aria-label={t('storefront.reminders.previewLoading')} />
          </Center>
        ) : (
          <Stack gap="xs" aria-busy={preview.isFetching} data-testid="reminder-preview">
            <div>
              <Text size="xs" c="dimmed">
                {t('storefront.reminders.previewSubject')}
              </Text>
              <Text fw={600} dir={dir} lang={language} style={{ overflowWrap: 'anywhere' }}>
                {mail.subject}
              </Text>
            </div>
            {view === 'html' ? (
              // No scripts, forms or navigation: the mail is shown, never run (sandbox with no allowances).
              <Box
                component="iframe"
                title={t('storefront.reminders.previewFrame', { language: LANGUAGE_NAMES[language] })}
                sandbox=""
                srcDoc={mail.html}
                w="100%"
                h={520}
                style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', background: 'white' }}
              />
            ) : (
              <Code block dir={dir} lang={language} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {mail.text}
              </Code>
            )}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}

const CHANNEL_COLORS = { sent: 'teal', failed: 'red' } as const;

function SentList() {
  const { t } = useTranslation();
  const milestone = useMilestone();
  const sent = useSentReminders();
  const rows = sent.data?.data;
  const channel = (name: 'email' | 'telegram', status: SentReminder['email_status']) =>
    status && (
      <StatusBadge key={name} color={CHANNEL_COLORS[status]}>
        {t(`storefront.reminders.channel.${name}`)}: {t(`storefront.reminders.channel.${status}`)}
      </StatusBadge>
    );
  const columns: CardColumn<SentReminder>[] = [
    {
      key: 'customer',
      header: t('storefront.reminders.sent.customer'),
      card: 'lead',
      fit: 'wraps',
      render: (row) => (
        <Anchor component={Link} to={`/customers/${row.customer.id}`} size="sm">
          {row.customer.name ?? (row.customer.email ? <bdi>{row.customer.email}</bdi> : `#${row.customer.id}`)}
        </Anchor>
      ),
    },
    { key: 'mac', header: t('storefront.reminders.sent.mac'), fit: 'nowrap', render: (row) => <bdi>{row.mac_address}</bdi> },
    { key: 'app', header: t('storefront.reminders.sent.app'), render: (row) => row.app.name },
    { key: 'milestone', header: t('storefront.reminders.sent.milestone'), render: (row) => milestone(row.phase, row.days) },
    { key: 'expiry', header: t('storefront.reminders.sent.expiry'), fit: 'nowrap', render: (row) => formatRecordDay(row.expires_at) },
    {
      key: 'channels',
      header: t('storefront.reminders.sent.channels'),
      render: (row) =>
        row.email_status || row.telegram_status ? (
          <Group gap={4} wrap="wrap">
            {channel('email', row.email_status)}
            {channel('telegram', row.telegram_status)}
          </Group>
        ) : (
          '—'
        ),
    },
    {
      key: 'sentAt',
      header: t('storefront.reminders.sent.sentAt'),
      fit: 'nowrap',
      render: (row) => (row.sent_at ? formatRecordTime(row.sent_at) : <StatusBadge color="gray">{t('storefront.reminders.sent.sending')}</StatusBadge>),
    },
  ];
  return (
    <SectionCard title={t('storefront.reminders.sent.title')} description={t('storefront.reminders.sent.description')}>
      {sent.isPending ? (
        <Center p="md">
          <Loader size="sm" aria-label={t('storefront.reminders.sent.loading')} />
        </Center>
      ) : sent.isError ? (
        <Alert color="red" role="alert">
          {t('storefront.reminders.sent.loadFailed')}
        </Alert>
      ) : rows && rows.length > 0 ? (
        <CardTable label={t('storefront.reminders.sent.title')} columns={columns} rows={rows} rowKey={(row) => row.id} minWidth={820} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('storefront.reminders.sent.empty')}
        </Text>
      )}
    </SectionCard>
  );
}

/**
 * Storefront → Reminders (issue 44): whether the store writes to its customers before and after a
 * device expires, and at which milestones; the mail they get, in each language; the last 50 sent
 * with each channel's status.
 */
export function RemindersSection({ language }: { language: Locale }) {
  const { t } = useTranslation();
  const settings = useReminderSettings();
  return (
    <Stack gap="lg">
      <SectionCard title={t('storefront.reminders.title')} description={t('storefront.reminders.description')}>
        {settings.isPending ? (
          <Center p="md">
            <Loader size="sm" aria-label={t('storefront.reminders.loading')} />
          </Center>
        ) : settings.isError ? (
          <Alert color="red" role="alert">
            {t('storefront.reminders.loadFailed')}
          </Alert>
        ) : (
          <SettingsForm settings={settings.data.data} />
        )}
      </SectionCard>
      <Preview initialLanguage={language} />
      <SentList />
    </Stack>
  );
}
