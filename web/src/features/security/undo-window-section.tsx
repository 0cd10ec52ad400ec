import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Group, Loader, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UNDO_WINDOW_MAX_HOURS, undoSettingsBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../components/form';
import { SectionCard } from '../../components/section-card';
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
  const [value, setValue] = useState<number | string>(hours);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = undoSettingsBody.safeParse({ undo_window_hours: value === '' ? undefined : value });
    if (!parsed.success) {
      setError(errorText('validation.undoWindow', 'undo_window_hours'));
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onError: (failed) => setError((failed instanceof ApiError ? failed.fieldErrors().undo_window_hours : undefined) ?? t('security.undo.saveFailed')),
    });
  };

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
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          error={error}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('security.undo.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
