import { useNavigate } from 'react-router';
import { Button, Card, Stack, TextInput } from '@mantine/core';
import { IconPlaylist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { codeValueBody, type CodeValueBody } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormHeading } from '../../components/form-heading';

/** /ibopro-playlist without a code (business-panel.md §2): asks for the code whose playlists to edit. */
export function OpenCodePlaylistPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const form = useZodForm<{ value: string }, CodeValueBody>(codeValueBody, { initialValues: { value: '' } });

  // The contract's rule: spaces and dashes between groups are dropped, as the server does.
  const submit = form.submit((body) => void navigate(`/ibopro-playlist/${encodeURIComponent(body.value)}`));

  return (
    <Card withBorder padding="lg" maw={560}>
      <form onSubmit={submit} noValidate aria-labelledby="open-code-playlist-title">
        <Stack>
          <FormHeading
            id="open-code-playlist-title"
            icon={IconPlaylist}
            title={t('activationCodes.open.heading')}
            intro={t('activationCodes.open.intro')}
          />
          <TextInput
            label={t('activationCodes.open.code')}
            required
            autoComplete="off"
            inputMode="numeric"
            dir="ltr"
            {...form.getInputProps('value')}
            error={errorText(form.errors.value, 'code')}
          />
          <FormActions form={form}>
            <Button type="submit">{t('activationCodes.open.submit')}</Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
