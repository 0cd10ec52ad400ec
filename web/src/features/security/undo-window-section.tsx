import { Alert, Button, Center, Loader, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNDO_WINDOW_MAX_HOURS, undoSettingsBody, type UndoSettingsBody } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { SectionCard } from '../../components/section-card';
import { shownWhereItHappened } from '../../lib/feedback';
import { allowed, session } from '../../lib/session';
import { useUndoSettings, useUpdateUndoSettings } from './security-settings';

/**
 * The admin's undo window of activations (issue 27), next to its other switches: how long after an
 * activation its payer, the payer's parent or an admin may undo it; 0 turns undo off.
 */
export function UndoWindowSection() {
  const { t } = useTranslation();
  if (!allowed(session.permissions(), 'security-settings')) return null;
  return (
    <SectionCard title={t('security.undo.title')} description={t('security.undo.intro')}>
      <UndoWindowLoader />
    </SectionCard>
  );
}

function UndoWindowLoader() {
  const { t } = useTranslation();
  const current = useUndoSettings();
  if (current.isPending) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label={t('security.undo.loading')} />
      </Center>
    );
  }
  if (current.isError) {
    return (
      <Alert color="red" role="alert">
        {t('security.undo.fetchFailed')}
      </Alert>
    );
  }
  const hours = current.data.data.undo_window_hours;
  return <UndoWindowForm key={hours} hours={hours} />;
}

function UndoWindowForm({ hours }: { hours: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateUndoSettings();
  const form = useZodForm<{ undo_window_hours: number | string }, UndoSettingsBody>(undoSettingsBody, { initialValues: { undo_window_hours: hours } });

  // Every failure of this one-field form stands under its field.
  const submit = form.submit((body) =>
    update.mutate(body, {
      onError: (failed) => {
        if (!form.applyFieldErrors(failed)) form.setFieldError('undo_window_hours', t('security.undo.saveFailed'));
        shownWhereItHappened(failed);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label={t('security.undo.label')}
          description={t('security.undo.hint', { max: UNDO_WINDOW_MAX_HOURS })}
          min={0}
          max={UNDO_WINDOW_MAX_HOURS}
          clampBehavior="none"
          allowDecimal={false}
          dir="ltr"
          w={220}
          {...form.getInputProps('undo_window_hours')}
          error={errorText(form.errors.undo_window_hours, 'undo_window_hours')}
        />
        <FormActions form={form} align="start">
          <Button type="submit" loading={update.isPending}>
            {t('security.undo.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
