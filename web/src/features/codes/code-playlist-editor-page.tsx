import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ActionIcon, Alert, Button, Card, Fieldset, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CODE_PLAYLIST_SAVED_MS,
  codePlaylistInput,
  duplicateNameIndexes,
  normaliseCode,
  PLAYLIST_NAME_MAX_LENGTH,
  URL_MAX_LENGTH,
  type CodePlaylist,
} from '@panel/contract';
import { formErrorText, useErrorText } from '../../components/form';
import { useTextLimit } from '../../components/text-limit';
import { session } from '../../lib/session';
import { playlistSaveError } from './code-errors';
import { useCodePlaylists } from './get-code-playlists';
import { useEditCodePlaylists, type CodePlaylistBody } from './edit-code-playlists';

type Entry = { url: string; name: string; epg: string };
type PlaylistCard = Entry & { id: number };
type Field = keyof Entry;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Entry = { url: '', name: '', epg: '' };
let nextId = 0;
const toCard = (playlist: CodePlaylist): PlaylistCard => ({ id: (nextId += 1), url: playlist.url, name: playlist.name, epg: playlist.epg ?? '' });
const toBody = (entry: Entry): CodePlaylistBody => ({ url: entry.url.trim(), name: entry.name.trim(), epg: entry.epg.trim() || null });

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
  const errorText = useErrorText();
  const navigate = useNavigate();
  const codeValue = normaliseCode(useParams().codeValue ?? '');
  const resellerEmail = (useLocation().state as { resellerEmail?: string } | null)?.resellerEmail || undefined;
  const canEdit = session.has('edit-code');

  const playlists = useCodePlaylists(codeValue, resellerEmail);
  const save = useEditCodePlaylists();
  const loaded = useMemo(() => playlists.data?.playlists.map(toCard), [playlists.data]);
  // The cards once edited; until then, those loaded.
  const [edited, setEdited] = useState<PlaylistCard[]>();
  const cards = edited ?? loaded ?? [];
  const [cardErrors, setCardErrors] = useState<Record<number, Errors>>({});
  const [draft, setDraft] = useState<Entry>(EMPTY);
  const [draftErrors, setDraftErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** The contract's rules for one entry, as texts under its fields. */
  const check = (entry: Entry): Errors => {
    const errors: Errors = {};
    for (const issue of codePlaylistInput.safeParse(toBody(entry)).error?.issues ?? []) {
      const field = String(issue.path[0]) as Field;
      errors[field] ??= errorText(issue.message, field);
    }
    return errors;
  };
  const unique = errorText('validation.playlistNameUnique', 'name');
  const hasErrors = (errors: Errors) => Object.values(errors).some(Boolean);

  const changeCard = (id: number, field: Field, value: string) => {
    setEdited(cards.map((card) => (card.id === id ? { ...card, [field]: value } : card)));
    setCardErrors((all) => ({ ...all, [id]: { ...all[id], [field]: undefined } }));
    setFailure(undefined);
  };
  const removeCard = (id: number) => {
    setEdited(cards.filter((card) => card.id !== id));
    setCardErrors(({ [id]: _removed, ...rest }) => rest);
    setFailure(undefined);
  };
  const changeDraft = (field: Field, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setDraftErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** Add New Playlist: the new entry joins the cards when it passes, its name unique among them. */
  const addDraft = (event: FormEvent) => {
    event.preventDefault();
    const errors = check(draft);
    if (!errors.name && duplicateNameIndexes([...cards, draft]).includes(cards.length)) errors.name = unique;
    setDraftErrors(errors);
    if (hasErrors(errors)) return;
    setEdited([...cards, { ...draft, id: (nextId += 1) }]);
    setDraft(EMPTY);
  };

  /**
   * Save All Playlists: every card, plus the add form's entry when both its URL and name are
   * filled (§5: only then is the add form reset after the save).
   */
  const saveAll = () => {
    setFailure(undefined);
    const withDraft = draft.url.trim() !== '' && draft.name.trim() !== '';
    const entries: Entry[] = withDraft ? [...cards, draft] : cards;
    const errors = entries.map(check);
    for (const i of duplicateNameIndexes(entries)) errors[i]!.name ??= unique;
    setCardErrors(Object.fromEntries(cards.map((card, i) => [card.id, errors[i]!])));
    setDraftErrors(withDraft ? errors[cards.length]! : {});
    if (errors.some(hasErrors)) return;

    save.mutate(
      { codeValue, playlists: entries.map(toBody), ...(resellerEmail ? { resellerEmail } : {}) },
      {
        onSuccess: (answer) => {
          // The specification's client reads a falsy status as a refusal.
          if ((answer as { status: boolean }).status === false) {
            setFailure(answer.msg || t('activationCodes.editor.saveFailed'));
            return;
          }
          // The list was reloaded by the save: show it as the server keeps it.
          setEdited(undefined);
          setCardErrors({});
          if (withDraft) setDraft(EMPTY);
          setSaved(true);
          timer.current = window.setTimeout(() => void navigate(CODE_LIST_PATH), CODE_PLAYLIST_SAVED_MS);
        },
        onError: (error) => setFailure(playlistSaveError(error)),
      },
    );
  };

  const busy = save.isPending || saved;
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
    body = (
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
                        onClick={() => removeCard(card.id)}
                        disabled={busy}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    )}
                    <Stack gap="xs">
                      <PlaylistFields
                        entry={card}
                        errors={cardErrors[card.id]}
                        onChange={(field, value) => changeCard(card.id, field, value)}
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
            <form onSubmit={addDraft} noValidate aria-labelledby="add-code-playlist-title">
              <Stack gap="xs">
                <Title order={3} size="h5" id="add-code-playlist-title">
                  {t('activationCodes.editor.addTitle')}
                </Title>
                <PlaylistFields entry={draft} errors={draftErrors} onChange={changeDraft} readOnly={false} />
                <Group justify="flex-end">
                  <Button type="submit" variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={busy}>
                    {t('activationCodes.editor.add')}
                  </Button>
                </Group>
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

type FieldsProps = { entry: Entry; errors: Errors | undefined; onChange: (field: Field, value: string) => void; readOnly: boolean };

/** One entry's URL, name and EPG: the name counted, the addresses only told when past their limit. */
function PlaylistFields({ entry, errors, onChange, readOnly }: FieldsProps) {
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
        error={urlLimit.error ?? errors?.url}
      />
      <TextInput
        label={t('activationCodes.playlist.name')}
        required
        readOnly={readOnly}
        value={entry.name}
        onChange={(event) => onChange('name', event.currentTarget.value)}
        description={readOnly ? undefined : nameLimit.description}
        inputWrapperOrder={nameLimit.inputWrapperOrder}
        error={nameLimit.error ?? errors?.name}
      />
      <TextInput
        label={t('activationCodes.playlist.epg')}
        type="url"
        readOnly={readOnly}
        placeholder="http://"
        dir="ltr"
        value={entry.epg}
        onChange={(event) => onChange('epg', event.currentTarget.value)}
        error={epgLimit.error ?? errors?.epg}
      />
    </>
  );
}
