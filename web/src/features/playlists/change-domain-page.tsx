import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { updatePlaylistBody, URL_MAX_LENGTH, type AllowedApplicationListItem } from '@panel/contract';
import { ApiError } from '../../api/client';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { useModuleField } from '../../components/device-choice';
import { FormAlert } from '../../components/form-alert';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { ModuleSelect } from '../../components/module-select';
import { useTextLimit } from '../../components/text-limit';
import { useUpdatePlaylist, type UpdatePlaylistInput } from './update-playlist';

/** The two domains, under the contract's names. */
type Values = { current_playlist_url: string; new_domain: string };
type Domain = keyof Values;

/** The two domain fields, each with its label and its scheme in the example. */
const DOMAIN_FIELDS: { field: Domain; label: string; placeholder: string }[] = [
  { field: 'current_playlist_url', label: 'changeDomain.oldDomain', placeholder: 'http://old.example.com' },
  { field: 'new_domain', label: 'changeDomain.newDomain', placeholder: 'http://new.example.com' },
];

/** What the call sends: both domains trimmed, and the module picked on the page. */
const bodyOf = (values: Values, application: AllowedApplicationListItem | undefined): UpdatePlaylistInput => ({
  current_playlist_url: values.current_playlist_url.trim(),
  new_domain: values.new_domain.trim(),
  app_id: application?.id ?? '',
  app_platform: application?.app_name,
});

/**
 * Change domain (business-panel.md §2, §5; permission change-domain): every playlist of the module
 * whose URL starts with the old domain gets the new one, for the caller's devices (all devices for
 * an admin). Both domains are trimmed and required, each with its scheme.
 */
export function ChangeDomainPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdatePlaylist();
  const module = useModuleField();
  const application = module.application;
  // The contract's rules over what the call would send, before the round trip.
  const schema = useMemo(() => z.pipe(z.transform((values: Values) => bodyOf(values, application)), updatePlaylistBody), [application]);
  const form = useZodForm<Values, z.output<typeof updatePlaylistBody>>(schema, {
    initialValues: { current_playlist_url: '', new_domain: '' },
    errorTexts: { fallback: t('changeDomain.failed') },
  });
  const [updated, setUpdated] = useState<number>();
  const limits = {
    current_playlist_url: useTextLimit(form.values.current_playlist_url, URL_MAX_LENGTH),
    new_domain: useTextLimit(form.values.new_domain, URL_MAX_LENGTH),
  };

  const send = form.submit(() =>
    update.mutate(bodyOf(form.values, application), {
      onSuccess: (answer) => {
        showSuccess(answer.msg || t('changeDomain.done'));
        setUpdated(answer.data.updated);
      },
      onError: (error) => {
        const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
        if (Object.keys(fields).length === 0) return form.fail(error);
        // A 422: the module's message under the module, the domains' under theirs, any other in the alert.
        module.setError(fields.app_id);
        form.setErrors({ current_playlist_url: fields.current_playlist_url, new_domain: fields.new_domain });
        const other = Object.entries(fields).find(([field]) => !['app_id', 'current_playlist_url', 'new_domain'].includes(field));
        if (other) form.setAlert(other[1]);
        shownWhereItHappened(error);
      },
    }),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    setUpdated(undefined);
    // The module first, then 'Please enter both old and new domain', then the contract's rules.
    const missing = !module.validate() ? 'module' : !form.values.current_playlist_url.trim() || !form.values.new_domain.trim() ? 'domain' : undefined;
    if (missing) {
      event.preventDefault();
      form.clearErrors();
      form.setAlert(missing === 'domain' ? t('validation.domainsRequired') : undefined);
      return;
    }
    send(event);
  };

  return (
    <Stack maw={640}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('changeDomain.intro')}
            </Text>
            <ModuleSelect {...module.props} />
            {DOMAIN_FIELDS.map(({ field, label, placeholder }) => (
              <TextInput
                key={field}
                label={t(label)}
                description={t('changeDomain.hint')}
                required
                placeholder={placeholder}
                dir="ltr"
                value={form.values[field]}
                onChange={(event) => {
                  form.setFieldValue(field, event.currentTarget.value);
                  form.setAlert(undefined);
                }}
                error={limits[field].error ?? errorText(form.errors[field], field, { label: t(label), max: URL_MAX_LENGTH })}
              />
            ))}
            <FormAlert form={form} />
            {updated !== undefined && (
              <Alert color="green" variant="light" role="status">
                {t('changeDomain.updated', { updated })}
              </Alert>
            )}
            <FormActions form={form}>
              <Button type="submit" loading={update.isPending}>
                {t('changeDomain.submit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
