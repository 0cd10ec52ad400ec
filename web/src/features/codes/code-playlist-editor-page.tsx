import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ActionIcon, Alert, Button, Card, Fieldset, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  CODE_PLAYLIST_SAVED_MS,
  codePlaylistInput,
  duplicateNameIndexes,
  editCodePlaylistsBody,
  normaliseCode,
  PLAYLIST_NAME_MAX_LENGTH,
  URL_MAX_LENGTH,
  type CodePlaylist,
  type CodePlaylistInput,
  type EditCodePlaylistsBody,
} from '@panel/contract';
import { ApiError } from '../../api/client';
import { formErrorText, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { shownWhereItHappened } from '../../lib/feedback';
import { session } from '../../lib/session';
import { useCodePlaylists } from './get-code-playlists';
import { useEditCodePlaylists, type CodePlaylistBody } from './edit-code-playlists';

type Entry = { url: string; name: string; epg: string };
type PlaylistCard = Entry & { id: number };
type Field = keyof Entry;

const EMPTY: Entry = { url: '', name: '', epg: '' };
let nextId = 0;
const toCard = (playlist: CodePlaylist): PlaylistCard => ({ id: (nextId += 1), url: playlist.url, name: playlist.name, epg: playlist.epg ?? '' });
const toBody = (entry: Entry): CodePlaylistBody => ({ url: entry.url.trim(), name: entry.name.trim(), epg: entry.epg.trim() || null });

/** The cards as the call sends them, under the contract's rules for the whole list (names unique among them). */
const listSchema = z.pipe(
  z.transform((values: { playlists: PlaylistCard[] }) => ({ playlists: values.playlists.map(toBody) })),
  editCodePlaylistsBody,
);

/** The add form's entry: the contract's rules for one playlist, its name unique among the cards as well. */
const entrySchema = (cards: readonly Entry[]) =>
  z.pipe(
    z.transform(toBody),
    codePlaylistInput.check(
      z.refine((entry) => !duplicateNameIndexes([...cards, entry]).includes(cards.length), {
        message: 'validation.playlistNameUnique',
        path: ['name'],
      }),
    ),
  );

/** Where the editor goes back to after a save (business-panel.md §2). */
export const CODE_LIST_PATH = '/iboprotv';

/**
 * The code playlist editor (business-panel.md §2, §5, §8; 'view-code', checked by the route
 * guard; saving needs 'edit-code'): the code's playlists as editable cards, a form to add one,
 * every entry checked with the contract's rules (URL, unique name ignoring case, optional EPG)
 * before the whole list is saved. A save shows its success for 4 s, then returns to the list.
 */
export function CodePlaylistEditorPage() {
  const { t } = useTranslation();
  const codeValue = normaliseCode(useParams().codeValue ?? '');
  const resellerEmail = (useLocation().state as { resellerEmail?: string } | null)?.resellerEmail || undefined;
  const playlists = useCodePlaylists(codeValue, resellerEmail);

  let body;
  if (playlists.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('activationCodes.editor.loading')}</Text>
      </Group>
    );
  } else if (playlists.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {formErrorText(playlists.error, { network: t('activationCodes.editor.loadFailed'), fallback: t('activationCodes.editor.loadFailed'), serverError: true })}
      </Alert>
    );
  } else {
    body = <PlaylistEditor codeValue={codeValue} resellerEmail={resellerEmail} loaded={playlists.data.playlists} />;
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={2} size="h4">
        {t('activationCodes.editor.heading', { code: codeValue })}
      </Title>
      {resellerEmail && (
        <Text size="sm" c="dimmed">
          {t('activationCodes.editor.forReseller', { email: resellerEmail })}
        </Text>
      )}
      {body}
    </Stack>
  );
}

type EditorProps = { codeValue: string; resellerEmail: string | undefined; loaded: CodePlaylist[] };

/**
 * The loaded playlists as cards (one form, saved as a whole) and the add form (its entry joins
 * the cards when it passes). A failed save: a 422 under the entries' fields, anything else in the
 * alert in the server's words; no answer or a server failure reads 'An error occurred while
 * updating the playlists' (§8).
 */
function PlaylistEditor({ codeValue, resellerEmail, loaded }: EditorProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const canEdit = session.has('edit-code');
  const save = useEditCodePlaylists();
  const saveError = t('activationCodes.editor.saveError');
  const list = useZodForm<{ playlists: PlaylistCard[] }, EditCodePlaylistsBody>(listSchema, {
    initialValues: { playlists: loaded.map(toCard) },
    errorTexts: { network: saveError, fallback: saveError, serverError: true },
  });
  const cards = list.values.playlists;
  const addSchema = useMemo(() => entrySchema(cards), [cards]);
  const add = useZodForm<Entry, CodePlaylistInput>(addSchema, { initialValues: EMPTY });
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** An edit of the cards takes back the last save's failure. */
  const edited = () => {
    list.setAlert(undefined);
    list.clearFieldError('playlists');
  };
  const changeCard = (index: number, field: Field, value: string) => {
    list.setFieldValue(`playlists.${index}.${field}`, value);
    edited();
  };
  const removeCard = (index: number) => {
    list.removeListItem('playlists', index);
    edited();
  };

  /** Add New Playlist: the new entry joins the cards when it passes, its name unique among them. */
  const addEntry = add.submit(() => {
    list.insertListItem('playlists', { ...add.values, id: (nextId += 1) });
    add.reset();
  });

  /** A refused save: each entry's messages under its fields (the add form's entry is the last one sent), anything else in the alert. */
  const fail = (error: unknown, sent: number) => {
    const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
    if (!Object.keys(fields).some((field) => field.startsWith('playlists'))) return list.fail(error);
    const draft = `playlists.${cards.length}.`;
    list.setErrors(fields);
    if (sent > cards.length) {
      add.setErrors(Object.fromEntries(Object.entries(fields).flatMap(([field, message]) => (field.startsWith(draft) ? [[field.slice(draft.length), message]] : []))));
    }
    shownWhereItHappened(error);
  };

  /**
   * Save All Playlists: every card, plus the add form's entry when both its URL and name are
   * filled (§5: only then is the add form reset after the save).
   */
  const saveAll = () => {
    const withDraft = add.values.url.trim() !== '' && add.values.name.trim() !== '';
    const draftRefused = withDraft ? add.validate().hasErrors : (add.clearErrors(), false);
    list.submit((body) => {
      if (draftRefused) return;
      const playlists = withDraft ? [...body.playlists, toBody(add.values)] : body.playlists;
      save.mutate(
        { codeValue, playlists, ...(resellerEmail ? { resellerEmail } : {}) },
        {
          onSuccess: (answer) => {
            // The specification's client reads a falsy status as a refusal.
            if ((answer as { status: boolean }).status === false) {
              list.setAlert(answer.msg || t('activationCodes.editor.saveFailed'));
              return;
            }
            // The list as the server keeps it.
            list.setValues({ playlists: answer.playlists.map(toCard) });
            if (withDraft) add.reset();
            setSaved(true);
            timer.current = window.setTimeout(() => void navigate(CODE_LIST_PATH), CODE_PLAYLIST_SAVED_MS);
          },
          onError: (error) => fail(error, playlists.length),
        },
      );
    })();
  };

  const busy = save.isPending || saved;
  const failure = list.alert ?? errorText(list.errors.playlists, 'playlists');
  const errorsOf =
    (errors: Record<string, unknown>, prefix = '') =>
    (field: Field) =>
      errorText(errors[prefix + field], field);
  return (
    <>
      {cards.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('activationCodes.editor.empty')}
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('activationCodes.editor.listLabel', { code: codeValue })}>
          {cards.map((card, index) => {
            const legend = card.name.trim() || t('activationCodes.editor.numbered', { number: index + 1 });
            return (
              <div role="listitem" key={card.id}>
                <Fieldset
                  legend={
                    <Text component="span" fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {legend}
                    </Text>
                  }
                  pos="relative"
                >
                  {canEdit && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      pos="absolute"
                      top={8}
                      style={{ insetInlineEnd: 8 }}
                      aria-label={t('activationCodes.editor.remove', { name: legend })}
                      onClick={() => removeCard(index)}
                      disabled={busy}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  )}
                  <Stack gap="xs">
                    <PlaylistFields
                      entry={card}
                      error={errorsOf(list.errors, `playlists.${index}.`)}
                      onChange={(field, value) => changeCard(index, field, value)}
                      readOnly={!canEdit}
                    />
                  </Stack>
                </Fieldset>
              </div>
            );
          })}
        </Stack>
      )}
      {canEdit && (
        <Card withBorder padding="md">
          <form onSubmit={addEntry} noValidate aria-labelledby="add-code-playlist-title">
            <Stack gap="xs">
              <Title order={3} size="h5" id="add-code-playlist-title">
                {t('activationCodes.editor.addTitle')}
              </Title>
              <PlaylistFields entry={add.values} error={errorsOf(add.errors)} onChange={(field, value) => add.setFieldValue(field, value)} readOnly={false} />
              <FormActions form={add}>
                <Button type="submit" variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={busy}>
                  {t('activationCodes.editor.add')}
                </Button>
              </FormActions>
            </Stack>
          </form>
        </Card>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {saved && (
        <Alert color="green" variant="light" role="status">
          {t('activationCodes.editor.saved')}
        </Alert>
      )}
      {canEdit && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={saveAll} loading={save.isPending} disabled={saved}>
            {t('activationCodes.editor.save')}
          </Button>
        </Group>
      )}
    </>
  );
}

type FieldsProps = { entry: Entry; error: (field: Field) => string | undefined; onChange: (field: Field, value: string) => void; readOnly: boolean };

/** One entry's URL, name and EPG: the name counted, the addresses only told when past their limit. */
function PlaylistFields({ entry, error, onChange, readOnly }: FieldsProps) {
  const { t } = useTranslation();
  const urlLimit = useTextLimit(entry.url, URL_MAX_LENGTH);
  const nameLimit = useTextLimit(entry.name, PLAYLIST_NAME_MAX_LENGTH);
  const epgLimit = useTextLimit(entry.epg, URL_MAX_LENGTH);
  return (
    <>
      <TextInput
        label={t('activationCodes.playlist.url')}
        type="url"
        required
        readOnly={readOnly}
        placeholder="http://"
        dir="ltr"
        value={entry.url}
        onChange={(event) => onChange('url', event.currentTarget.value)}
        error={urlLimit.error ?? error('url')}
      />
      <TextInput
        label={t('activationCodes.playlist.name')}
        required
        readOnly={readOnly}
        value={entry.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
        description={readOnly ? undefined : nameLimit.description}
        inputWrapperOrder={nameLimit.inputWrapperOrder}
        error={nameLimit.error ?? error('name')}
      />
      <TextInput
        label={t('activationCodes.playlist.epg')}
        type="url"
        readOnly={readOnly}
        placeholder="http://"
        dir="ltr"
        value={entry.epg}
        onChange={(event) => onChange('epg', event.currentTarget.value)}
        error={epgLimit.error ?? error('epg')}
      />
    </>
  );
}
