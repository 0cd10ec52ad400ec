import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  savePlaylistBody,
  URL_MAX_LENGTH,
  type AllowedApplicationListItem,
  type PlaylistType,
} from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../lib/feedback';
import { isMessageKey } from '../../components/form';
import { useTextLimit } from '../../components/text-limit';
import { playlistFailureMessage } from './playlist-errors';
import { useSavePlaylist, type SavePlaylistInput } from './save-playlist';

type Field = 'name' | 'url' | 'epg' | 'username' | 'password' | 'pin' | 'pinConfirmation';
type Errors = Partial<Record<Field, string>>;

/** The contract's (and the server's) field names, and the form's. */
const FIELD_OF: Record<string, Field> = {
  playlist_name: 'name',
  playlist_url: 'url',
  xml_url: 'epg',
  username: 'username',
  password: 'password',
  pin: 'pin',
  pin_confirmation: 'pinConfirmation',
};
const MAX: Record<Field, number> = {
  name: PLAYLIST_NAME_MAX_LENGTH,
  url: URL_MAX_LENGTH,
  epg: URL_MAX_LENGTH,
  username: 200,
  password: 200,
  pin: PIN_MAX_LENGTH,
  pinConfirmation: PIN_MAX_LENGTH,
};

type Props = {
  /** The module and MAC address chosen on the page; either may still be missing. */
  application: AllowedApplicationListItem | undefined;
  macAddress: string;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * Add playlist (business-panel.md §2, §5): a general playlist (name, URL, optional XMLTV EPG URL)
 * or an Xtream Codes one (name, username, password, server URL, EPG); either may be protected by a
 * PIN of at least 4 characters, typed twice. Missing fields read 'Please fill in all fields.'.
 */
export function PlaylistForm({ application, macAddress, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const save = useSavePlaylist();
  const [type, setType] = useState<PlaylistType>('general');
  const [values, setValues] = useState({ name: '', url: '', epg: '', username: '', password: '', pin: '', pinConfirmation: '' });
  const [protect, setProtect] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const xc = type === 'xc';
  const limits = {
    name: useTextLimit(values.name, MAX.name),
    username: useTextLimit(values.username, MAX.username),
    url: useTextLimit(values.url, MAX.url),
    epg: useTextLimit(values.epg, MAX.epg),
  };

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(undefined);
  };
  const text = (message: string, field?: Field) =>
    t(message, field ? { field: t(`playlists.fields.${field}`), max: MAX[field] } : {});

  /** Contract or server messages: field ones under their inputs, the rest (MAC, module) above the buttons. */
  const showIssues = (issues: { field: string; message: string }[]) => {
    const next: Errors = {};
    let general: string | undefined;
    for (const { field, message } of issues) {
      const own = FIELD_OF[field];
      const shown = isMessageKey(message) ? text(message, own) : message;
      if (own) next[own] ??= shown;
      else general ??= shown;
    }
    setErrors(next);
    setFormError(general);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: the page's own form must not see this modal's submit.
    event.stopPropagation();
    setErrors({});
    setFormError(undefined);
    const required = [macAddress, values.name, values.url, ...(xc ? [values.username, values.password] : [])];
    if (!application || required.some((v) => v.trim() === '')) {
      setFormError(t('validation.fillAllFields'));
      return;
    }
    if (protect) {
      const pinErrors: Errors = {};
      if (values.pin.length < PIN_MIN_LENGTH) pinErrors.pin = t('validation.pinLength');
      else if (values.pin !== values.pinConfirmation) pinErrors.pinConfirmation = t('validation.pinMismatch');
      if (pinErrors.pin || pinErrors.pinConfirmation) {
        setErrors(pinErrors);
        return;
      }
    }
    const body: SavePlaylistInput = {
      mac_address: macAddress.trim(),
      app_id: application.id,
      playlist_url: values.url.trim(),
      playlist_name: values.name.trim(),
      app_platform: application.app_name,
      app_url: application.app_place_location,
      protect,
      xml_url: values.epg.trim() || null,
      pin: protect ? values.pin : null,
      pin_confirmation: protect ? values.pinConfirmation : null,
      playlist_type: type,
      username: xc ? values.username.trim() : null,
      password: xc ? values.password : null,
    };
    // The rest of the contract's rules (URLs, lengths) before the round trip.
    const parsed = savePlaylistBody.safeParse(body);
    if (!parsed.success) {
      showIssues(parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })));
      return;
    }
    save.mutate(body, {
      onSuccess: (answer) => {
        showSuccess(answer.msg || t('playlists.playlistSaved'));
        onSaved();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
          showIssues(Object.entries(error.fieldErrors()).map(([field, message]) => ({ field, message })));
        } else setFormError(playlistFailureMessage(error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('playlists.addTitle')}>
      <Stack>
        <SegmentedControl
          aria-label={t('playlists.fields.type')}
          value={type}
          onChange={(value) => {
            setType(value);
            setErrors({});
            setFormError(undefined);
          }}
          data={[
            { value: 'general', label: t('playlists.types.general') },
            { value: 'xc', label: t('playlists.types.xc') },
          ]}
        />
        <TextInput
          label={t('playlists.fields.name')}
          required
          data-autofocus
          value={values.name}
          onChange={(event) => set('name')(event.currentTarget.value)}
          description={limits.name.description}
          inputWrapperOrder={limits.name.inputWrapperOrder}
          error={limits.name.error ?? errors.name}
        />
        {xc && (
          <>
            <TextInput
              label={t('playlists.fields.username')}
              required
              autoComplete="off"
              value={values.username}
              onChange={(event) => set('username')(event.currentTarget.value)}
              error={limits.username.error ?? errors.username}
            />
            <PasswordInput
              label={t('playlists.fields.password')}
              required
              autoComplete="new-password"
              maxLength={MAX.password}
              value={values.password}
              onChange={(event) => set('password')(event.currentTarget.value)}
              error={errors.password}
            />
          </>
        )}
        <TextInput
          label={t(xc ? 'playlists.fields.serverUrl' : 'playlists.fields.url')}
          type="url"
          required
          placeholder="http://"
          dir="ltr"
          value={values.url}
          onChange={(event) => set('url')(event.currentTarget.value)}
          error={limits.url.error ?? errors.url}
        />
        <TextInput
          label={t('playlists.fields.epg')}
          description={t('playlists.fields.epgHint')}
          type="url"
          placeholder="http://"
          dir="ltr"
          value={values.epg}
          onChange={(event) => set('epg')(event.currentTarget.value)}
          error={limits.epg.error ?? errors.epg}
        />
        <Checkbox
          label={t('playlists.fields.protect')}
          checked={protect}
          onChange={(event) => {
            setProtect(event.currentTarget.checked);
            setErrors((e) => ({ ...e, pin: undefined, pinConfirmation: undefined }));
          }}
        />
        {protect && (
          <Group grow align="flex-start">
            <PasswordInput
              label={t('playlists.fields.pin')}
              required
              autoComplete="new-password"
              maxLength={PIN_MAX_LENGTH}
              value={values.pin}
              onChange={(event) => set('pin')(event.currentTarget.value)}
              error={errors.pin}
            />
            <PasswordInput
              label={t('playlists.fields.pinConfirmation')}
              required
              autoComplete="new-password"
              maxLength={PIN_MAX_LENGTH}
              value={values.pinConfirmation}
              onChange={(event) => set('pinConfirmation')(event.currentTarget.value)}
              error={errors.pinConfirmation}
            />
          </Group>
        )}
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('playlists.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
