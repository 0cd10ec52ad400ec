import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Stack, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updatePlaylistBody, URL_MAX_LENGTH } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../lib/feedback';
import { useModuleField } from '../../components/device-choice';
import { ModuleSelect } from '../../components/module-select';
import { useTextLimit } from '../../components/text-limit';
import { useUpdatePlaylist } from './update-playlist';

type Domain = 'oldDomain' | 'newDomain';
type Errors = Partial<Record<Domain, string>>;

/** The two domain fields, each with its scheme in the example. */
const DOMAIN_FIELDS: { field: Domain; placeholder: string }[] = [
  { field: 'oldDomain', placeholder: 'http://old.example.com' },
  { field: 'newDomain', placeholder: 'http://new.example.com' },
];

/**
 * Change domain (business-panel.md §2, §5; permission change-domain): every playlist of the module
 * whose URL starts with the old domain gets the new one, for the caller's devices (all devices for
 * an admin). Both domains are trimmed and required, each with its scheme.
 */
export function ChangeDomainPage() {
  const { t } = useTranslation();
  const update = useUpdatePlaylist();
  const module = useModuleField();
  const [domains, setDomains] = useState<Record<Domain, string>>({ oldDomain: '', newDomain: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [updated, setUpdated] = useState<number>();
  const limits = { oldDomain: useTextLimit(domains.oldDomain, URL_MAX_LENGTH), newDomain: useTextLimit(domains.newDomain, URL_MAX_LENGTH) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setUpdated(undefined);
    const { oldDomain, newDomain } = domains;
    const application = module.validate();
    if (!application) {
      setErrors({});
      return;
    }
    if (!oldDomain.trim() || !newDomain.trim()) {
      setErrors({});
      setFormError(t('validation.domainsRequired'));
      return;
    }
    const body = {
      current_playlist_url: oldDomain.trim(),
      new_domain: newDomain.trim(),
      app_id: application.id,
      app_platform: application.app_name,
    };
    const parsed = updatePlaylistBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'new_domain' ? 'newDomain' : 'oldDomain';
        next[field] ??= t(issue.message, { field: t(`changeDomain.${field}`), max: URL_MAX_LENGTH });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(body, {
      onSuccess: (answer) => {
        showSuccess(answer.msg || t('changeDomain.done'));
        setUpdated(answer.data.updated);
      },
      onError: (error) => {
        const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
        if (Object.keys(fields).length > 0) {
          module.setError(fields.app_id);
          setErrors({ oldDomain: fields.current_playlist_url, newDomain: fields.new_domain });
          const other = Object.entries(fields).find(([field]) => !['app_id', 'current_playlist_url', 'new_domain'].includes(field));
          if (other) setFormError(other[1]);
        } else {
          setFormError(error instanceof ApiError && error.message ? error.message : t('changeDomain.failed'));
        }
      },
    });
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
            {DOMAIN_FIELDS.map(({ field, placeholder }) => (
              <TextInput
                key={field}
                label={t(`changeDomain.${field}`)}
                description={t('changeDomain.hint')}
                required
                placeholder={placeholder}
                dir="ltr"
                value={domains[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDomains((d) => ({ ...d, [field]: value }));
                  setErrors((e) => ({ ...e, [field]: undefined }));
                  setFormError(undefined);
                }}
                error={limits[field].error ?? errors[field]}
              />
            ))}
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            {updated !== undefined && (
              <Alert color="green" variant="light" role="status">
                {t('changeDomain.updated', { updated })}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('changeDomain.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
