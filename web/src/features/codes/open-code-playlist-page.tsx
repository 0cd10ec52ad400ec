import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { IconPlaylist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { codeValueBody } from '@panel/contract';
import { useErrorText } from '../../components/form';
import { FormHeading } from '../../components/form-heading';

/** /ibopro-playlist without a code (business-panel.md §2): asks for the code whose playlists to edit. */
export function OpenCodePlaylistPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's rule: spaces and dashes between groups are dropped, as the server does.
    const parsed = codeValueBody.safeParse({ value });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]?.message, 'code'));
      return;
    }
    void navigate(`/ibopro-playlist/${encodeURIComponent(parsed.data.value)}`);
  };

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
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button type="submit">{t('activationCodes.open.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
