import { useMemo, type FormEvent } from 'react';
import { Button, Checkbox, Group, PasswordInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  PLAYLIST_NAME_MAX_LENGTH,
  savePlaylistBody,
  URL_MAX_LENGTH,
  type AllowedApplicationListItem,
  type PlaylistType,
  type SavePlaylistBody,
} from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { FormAlert } from '../../components/form-alert';
import { isMessageKey, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { playlistFailureMessage } from './playlist-errors';
import { useSavePlaylist, type SavePlaylistInput } from './save-playlist';

/** The form's values, under the contract's (and the server's) names. */
type Values = {
  playlist_type: PlaylistType;
  playlist_name: string;
  playlist_url: string;
  xml_url: string;
  username: string;
  password: string;
  protect: boolean;
  pin: string;
  pin_confirmation: string;
};
type Field = Exclude<keyof Values, 'playlist_type' | 'protect'>;

/** Each field's label (`playlists.fields.*`) and longest value. */
const LABEL: Record<Field, string> = {
  playlist_name: 'name',
  playlist_url: 'url',
  xml_url: 'epg',
  username: 'username',
  password: 'password',
  pin: 'pin',
  pin_confirmation: 'pinConfirmation',
};
const MAX: Record<Field, number> = {
  playlist_name: PLAYLIST_NAME_MAX_LENGTH,
  playlist_url: URL_MAX_LENGTH,
  xml_url: URL_MAX_LENGTH,
  username: 200,
  password: 200,
  pin: PIN_MAX_LENGTH,
  pin_confirmation: PIN_MAX_LENGTH,
};
const isField = (name: string): name is Field => name in LABEL;

/** What the call sends: the form's values trimmed, the module and MAC address of the page. */
function bodyOf(values: Values, application: AllowedApplicationListItem | undefined, macAddress: string): SavePlaylistInput {
  const xc = values.playlist_type === 'xc';
  return {
    mac_address: macAddress.trim(),
    app_id: application?.id ?? '',
    playlist_url: values.playlist_url.trim(),
    playlist_name: values.playlist_name.trim(),
    app_platform: application?.app_name,
    app_url: application?.app_place_location,
    protect: values.protect,
    xml_url: values.xml_url.trim() || null,
    pin: values.protect ? values.pin : null,
    pin_confirmation: values.protect ? values.pin_confirmation : null,
    playlist_type: values.playlist_type,
    username: xc ? values.username.trim() : null,
    password: xc ? values.password : null,
  };
}

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
  const errorText = useErrorText();
  const save = useSavePlaylist();
  // The contract's rules over what the call would send (URLs, lengths), before the round trip.
  const schema = useMemo(
    () => z.pipe(z.transform((values: Values) => bodyOf(values, application, macAddress)), savePlaylistBody),
    [application, macAddress],
  );
  const form = useZodForm<Values, SavePlaylistBody>(schema, {
    initialValues: { playlist_type: 'general', playlist_name: '', playlist_url: '', xml_url: '', username: '', password: '', protect: false, pin: '', pin_confirmation: '' },
  });
  const { values } = form;
  const xc = values.playlist_type === 'xc';
  const limits = {
    name: useTextLimit(values.playlist_name, MAX.playlist_name),
    username: useTextLimit(values.username, MAX.username),
    url: useTextLimit(values.playlist_url, MAX.playlist_url),
    epg: useTextLimit(values.xml_url, MAX.xml_url),
  };

  const set = (field: Field) => (value: string) => {
    form.setFieldValue(field, value);
    form.setAlert(undefined);
  };
  /** A field's message: a contract key in the field's words, a server sentence as it is. */
  const fieldError = (field: Field) => errorText(form.errors[field], field, { label: t(`playlists.fields.${LABEL[field]}`), max: MAX[field] });
  /** A message about no field of the form (the MAC address, the module): in the alert. */
  const general = (errors: Record<string, unknown>) => {
    const message = Object.entries(errors).find(([name, m]) => !isField(name) && typeof m === 'string' && m !== '')?.[1] as string | undefined;
    return message !== undefined && isMessageKey(message) ? t(message) : message;
  };

  const send = form.submit(
    () =>
      save.mutate(bodyOf(form.values, application, macAddress), {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('playlists.playlistSaved'));
          onSaved();
        },
        // A 422's field messages under their inputs and the rest (MAC, module) in the alert; any other failure in this screen's words.
        onError: (error) => {
          shownWhereItHappened(error);
          if (error instanceof ApiError && error.status === 422 && Object.keys(error.errors).length > 0) {
            const fields = error.fieldErrors();
            form.setErrors(Object.fromEntries(Object.entries(fields).filter(([name]) => isField(name))));
            form.setAlert(general(fields));
          } else form.setAlert(playlistFailureMessage(error));
        },
      }),
    (errors) => form.setAlert(general(errors)),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // React events bubble through portals: the page's own form must not see this modal's submit.
    event.stopPropagation();
    const required = [macAddress, values.playlist_name, values.playlist_url, ...(xc ? [values.username, values.password] : [])];
    const missing = !application || required.some((v) => v.trim() === '');
    const pinError = !values.protect
      ? undefined
      : values.pin.length < PIN_MIN_LENGTH
        ? { pin: t('validation.pinLength') }
        : values.pin !== values.pin_confirmation
          ? { pin_confirmation: t('validation.pinMismatch') }
          : undefined;
    if (missing || pinError) {
      event.preventDefault();
      form.clearErrors();
      form.setAlert(missing ? t('validation.fillAllFields') : undefined);
      if (!missing && pinError) form.setErrors(pinError);
      return;
    }
    send(event);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('playlists.addTitle')}>
      <Stack>
        <SegmentedControl
          aria-label={t('playlists.fields.type')}
          value={values.playlist_type}
          onChange={(value) => {
            form.setFieldValue('playlist_type', value);
            form.clearErrors();
            form.setAlert(undefined);
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
          value={values.playlist_name}
          onChange={(event) => set('playlist_name')(event.currentTarget.value)}
          description={limits.name.description}
          inputWrapperOrder={limits.name.inputWrapperOrder}
          error={limits.name.error ?? fieldError('playlist_name')}
        />
        {xc && (
          <>
            <TextInput
              label={t('playlists.fields.username')}
              required
              autoComplete="off"
              value={values.username}
              onChange={(event) => set('username')(event.currentTarget.value)}
              error={limits.username.error ?? fieldError('username')}
            />
            <PasswordInput
              label={t('playlists.fields.password')}
              required
              autoComplete="new-password"
              maxLength={MAX.password}
              value={values.password}
              onChange={(event) => set('password')(event.currentTarget.value)}
              error={fieldError('password')}
            />
          </>
        )}
        <TextInput
          label={t(xc ? 'playlists.fields.serverUrl' : 'playlists.fields.url')}
          type="url"
          required
          placeholder="http://"
          dir="ltr"
          value={values.playlist_url}
          onChange={(event) => set('playlist_url')(event.currentTarget.value)}
          error={limits.url.error ?? fieldError('playlist_url')}
        />
        <TextInput
          label={t('playlists.fields.epg')}
          description={t('playlists.fields.epgHint')}
          type="url"
          placeholder="http://"
          dir="ltr"
          value={values.xml_url}
          onChange={(event) => set('xml_url')(event.currentTarget.value)}
          error={limits.epg.error ?? fieldError('xml_url')}
        />
        <Checkbox
          label={t('playlists.fields.protect')}
          checked={values.protect}
          onChange={(event) => {
            form.setFieldValue('protect', event.currentTarget.checked);
            form.clearFieldError('pin');
            form.clearFieldError('pin_confirmation');
          }}
        />
        {values.protect && (
          <Group grow align="flex-start">
            <PasswordInput
              label={t('playlists.fields.pin')}
              required
              autoComplete="new-password"
              maxLength={PIN_MAX_LENGTH}
              value={values.pin}
              onChange={(event) => set('pin')(event.currentTarget.value)}
              error={fieldError('pin')}
            />
            <PasswordInput
              label={t('playlists.fields.pinConfirmation')}
              required
              autoComplete="new-password"
              maxLength={PIN_MAX_LENGTH}
              value={values.pin_confirmation}
              onChange={(event) => set('pin_confirmation')(event.currentTarget.value)}
              error={fieldError('pin_confirmation')}
            />
          </Group>
        )}
        <FormAlert form={form} />
        <FormActions form={form}>
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('playlists.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
