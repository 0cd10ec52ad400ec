import { useMemo, useState, type ComponentProps } from 'react';
import { Alert, Badge, Button, Card, Center, Checkbox, Code, Group, Loader, Modal, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, apiKeyCreateBody, apiKeyUpdateBody, type ApiKeyCreateBody, type ApiKeyScope, type ApiKeyUpdateBody, type ScopedApiKey } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useProfile } from '../../api/profile';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { CardTable, type CardColumn } from '../../components/card-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyValueButton } from '../../components/copy-value-button';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { useErrorText, useZodForm } from '../../components/form';
import { formatRecordTime, formatNumber } from '../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, useUpdateApiKey } from './api-keys';

/**
 * Profile → Integrations: the account's scoped API keys (issue 25), for the bots a reseller runs.
 * A key is made with a name, its scopes and an optional daily spend cap, shown once with a copy
 * button, listed afterwards by its first characters only, renamed or given a new cap, and revoked
 * after a confirmation.
 */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  // An admin account has no API key (the server refuses to make one): no button leading there.
  const admin = useProfile().data?.data.admin === true;
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ScopedApiKey | null>(null);
  const [editing, setEditing] = useState<ScopedApiKey | null>(null);

  const columns: CardColumn<ScopedApiKey>[] = [
    {
      key: 'name',
      header: t('apiKeys.name'),
      card: 'lead',
      render: (k) => (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c={k.revoked_at ? 'dimmed' : undefined}>
            {k.name}
          </Text>
          {k.revoked_at && (
            <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
              {t('apiKeys.revoked')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'key',
      header: t('apiKeys.key'),
      fit: 'nowrap',
      render: (k) => (
        <Code dir="ltr" aria-label={t('apiKeys.keyStartsWith', { prefix: k.prefix })}>
          {k.prefix}…
        </Code>
      ),
    },
    {
      key: 'scopes',
      header: t('apiKeys.scopes'),
      render: (k) => (
        <Group gap={4} wrap="wrap">
          {k.scopes.map((s) => (
            <Badge key={s} variant="light" style={{ minWidth: 'max-content' }}>
              {t(`apiKeys.scope.${s}.label`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'spent',
      header: t('apiKeys.spentToday'),
      fit: 'nowrap',
      render: (k) =>
        k.daily_spend_cap === null
          ? t('apiKeys.spentNoCap', { spent: formatNumber(k.spent_today) })
          : t('apiKeys.spentOfCap', { spent: formatNumber(k.spent_today), cap: formatNumber(k.daily_spend_cap) }),
    },
    {
      key: 'lastUsed',
      header: t('apiKeys.lastUsed'),
      render: (k) =>
        k.last_used_at ? (
          <Stack gap={0}>
            <Text size="sm">{formatRecordTime(k.last_used_at)}</Text>
            {k.last_used_ip && (
              <Text size="xs" c="dimmed" dir="ltr">
                {k.last_used_ip}
              </Text>
            )}
          </Stack>
        ) : (
          t('apiKeys.never')
        ),
    },
    { key: 'created', header: t('apiKeys.created'), fit: 'nowrap', render: (k) => formatRecordTime(k.created_at) },
    {
      key: 'actions',
      header: t('apiKeys.actions'),
      align: 'right',
      render: (k) =>
        k.revoked_at ? null : (
          <Group gap="xs" wrap="nowrap" justify="flex-end">
            <Button size="xs" variant="light" onClick={() => setEditing(k)} aria-label={t('apiKeys.editNamed', { name: k.name })}>
              {t('apiKeys.edit')}
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setRevoking(k)} aria-label={t('apiKeys.revokeNamed', { name: k.name })}>
              {t('apiKeys.revoke')}
            </Button>
          </Group>
        ),
    },
  ];

  let content;
  if (keys.isPending) {
    content = (
      <Center p="md">
        <Loader aria-label={t('apiKeys.loading')} />
      </Center>
    );
  } else if (keys.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('apiKeys.fetchFailed')}
      </Alert>
    );
  } else {
    const rows = keys.data.data;
    content =
      rows.length === 0 ? (
        <Text size="sm">{t('apiKeys.none')}</Text>
      ) : (
        <CardTable label={t('apiKeys.title')} columns={columns} rows={rows} rowKey={(k) => k.id} minWidth={880} />
      );
  }

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="md">
        <div style={{ flex: '1 1 20rem' }}>
          <Title order={2} size="h4">
            {t('apiKeys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('apiKeys.description')}
          </Text>
        </div>
        {!admin && <Button onClick={() => setCreating(true)}>{t('apiKeys.create')}</Button>}
      </Group>
      {admin ? (
        <Alert color="blue" variant="light" role="status" mb="md">
          {t('apiKeys.adminNone')}
        </Alert>
      ) : keys.data?.api_access === false ? (
        <Alert color="orange" variant="light" role="status" mb="md">
          {t('apiKeys.accessOff')}
        </Alert>
      ) : null}
      {content}
      {creating && <CreateApiKeyModal apiAccess={keys.data?.api_access !== false} onClose={() => setCreating(false)} />}
      {editing && <EditApiKeyModal apiKey={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('apiKeys.revokeTitle')}
        message={revoking ? t('apiKeys.revokeMessage', { name: revoking.name, prefix: revoking.prefix }) : ''}
        confirmLabel={t('apiKeys.revoke')}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoke.mutate(revoking!.id, {
            onSuccess: (answer) => {
              showSuccess(answer.msg);
              setRevoking(null);
            },
          })
        }
      />
    </Card>
  );
}

/** A key form's failure: a 422's field messages under the inputs, else the server's refusal or, with no answer or a server fault, one line. */
function useKeyFailure(form: { applyFieldErrors(error: unknown): boolean; setFieldError(field: string, message: string): void; setAlert(alert: string | undefined): void }) {
  const { t } = useTranslation();
  return (error: unknown) => {
    shownWhereItHappened(error);
    if (error instanceof ApiError && form.applyFieldErrors(error)) {
      // A refused scope is named by its index (`scopes.1`): its message stands under the scopes.
      const fields = error.fieldErrors();
      const scope = Object.entries(fields).find(([field]) => field.startsWith('scopes.'))?.[1];
      if (fields.scopes === undefined && scope !== undefined) form.setFieldError('scopes', scope);
      return;
    }
    form.setAlert(error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t('apiKeys.failed'));
  };
}

/** The form, then the new key once: the modal cannot go back to the form, so the key is never shown twice. */
function CreateApiKeyModal({ apiAccess, onClose }: { apiAccess: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<{ name: string; key: string }>();
  return (
    <Modal
      opened
      onClose={onClose}
      title={created ? t('apiKeys.createdTitle') : t('apiKeys.createTitle')}
      centered
      size="lg"
      // The key is on screen: a click beside the modal must not lose it before it is copied.
      closeOnClickOutside={!created}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {created ? <CreatedKey apiKey={created.key} apiAccess={apiAccess} onDone={onClose} /> : <CreateApiKeyForm onCreated={setCreated} onCancel={onClose} />}
    </Modal>
  );
}

type CreateValues = { name: string; scopes: ApiKeyScope[]; daily_spend_cap: number | string };

/**
 * The contract's create rules over the form's values: an empty cap is no cap. Anything else
 * typed in the cap (a number, or text the number input kept) goes to the contract to judge.
 */
const createSchema = z.pipe(
  z.transform(
    ({ daily_spend_cap, ...values }: CreateValues) =>
      ({ ...values, ...(daily_spend_cap === '' ? {} : { daily_spend_cap }) }) as z.input<typeof apiKeyCreateBody>,
  ),
  apiKeyCreateBody,
);

function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (created: { name: string; key: string }) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const create = useCreateApiKey();
  // Messages stay until the next try, as they always did.
  const form = useZodForm<CreateValues, ApiKeyCreateBody>(createSchema, {
    initialValues: { name: '', scopes: ['read', 'activate'], daily_spend_cap: '' },
    clearInputErrorOnChange: false,
  });
  const fail = useKeyFailure(form);

  const submit = form.submit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        showSuccess(answer.msg);
        onCreated({ name: answer.data.name, key: answer.data.key });
      },
      onError: fail,
    }),
  );

  return (
    <form
      onSubmit={(event) => {
        // React events bubble through portals: the page's own forms must not see this one's submit.
        event.stopPropagation();
        submit(event);
      }}
      noValidate
      aria-label={t('apiKeys.createTitle')}
    >
      <Stack>
        <TextInput
          label={t('apiKeys.nameLabel')}
          description={t('apiKeys.nameHint')}
          required
          data-autofocus
          value={form.values.name}
          maxLength={API_KEY_NAME_MAX + 10}
          onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
          error={errorText(form.errors.name, 'name', { max: API_KEY_NAME_MAX })}
        />
        <Checkbox.Group
          label={t('apiKeys.scopesLabel')}
          required
          value={form.values.scopes}
          onChange={(value) => form.setFieldValue('scopes', value)}
          error={errorText(form.errors.scopes, 'scopes', { max: API_KEY_NAME_MAX })}
        >
          <Stack gap="xs" mt={6}>
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={t(`apiKeys.scope.${scope}.label`)} description={t(`apiKeys.scope.${scope}.hint`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <CapInput
          value={form.values.daily_spend_cap}
          onChange={(value) => form.setFieldValue('daily_spend_cap', value)}
          error={errorText(form.errors.daily_spend_cap, 'daily_spend_cap', { max: API_KEY_NAME_MAX })}
        />
        <FormEnd form={form} onCancel={onCancel} submitLabel={t('apiKeys.submit')} pending={create.isPending} />
      </Stack>
    </form>
  );
}

/** The daily spend cap of a new or an edited key: empty for none. */
function CapInput({ value, onChange, error }: { value: number | string; onChange: (value: number | string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('apiKeys.capLabel')}
      description={t('apiKeys.capHint')}
      min={1}
      allowDecimal={false}
      // Kept as typed: a negative or fractional number is explained, never changed.
      clampBehavior="none"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** A key form's end: the server's refusal, if any, then Cancel and the submit button. */
function FormEnd({ form, onCancel, submitLabel, pending }: { form: ComponentProps<typeof FormActions>['form']; onCancel: () => void; submitLabel: string; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <FormAlert form={form} />
      <FormActions form={form}>
        <Button variant="default" onClick={onCancel}>
          {t('apiKeys.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </FormActions>
    </>
  );
}

type EditValues = { name: string; daily_spend_cap: number | string };

/** The contract's update rules over what changed of the key: an empty cap removes it. */
const updateSchemaFor = (apiKey: ScopedApiKey) =>
  z.pipe(
    z.transform(({ name, daily_spend_cap }: EditValues) => {
      const cap = daily_spend_cap === '' ? null : daily_spend_cap;
      return { ...(name !== apiKey.name ? { name } : {}), ...(cap !== apiKey.daily_spend_cap ? { daily_spend_cap: cap } : {}) } as z.input<typeof apiKeyUpdateBody>;
    }),
    apiKeyUpdateBody,
  );

/** A key's name and daily cap; only what changed is sent, so a rename alone never asks for the step-up. */
function EditApiKeyModal({ apiKey, onClose }: { apiKey: ScopedApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateApiKey();
  const schema = useMemo(() => updateSchemaFor(apiKey), [apiKey]);
  // Messages stay until the next try, as they always did.
  const form = useZodForm<EditValues, ApiKeyUpdateBody>(schema, {
    initialValues: { name: apiKey.name, daily_spend_cap: apiKey.daily_spend_cap ?? '' },
    clearInputErrorOnChange: false,
  });
  const fail = useKeyFailure(form);

  const submit = form.submit((body) => {
    if (Object.keys(body).length === 0) return onClose();
    update.mutate(
      { id: apiKey.id, body },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          onClose();
        },
        onError: fail,
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('apiKeys.editTitle')} centered size="lg" closeButtonProps={{ 'aria-label': t('table.close') }}>
      <form
        onSubmit={(event) => {
          event.stopPropagation();
          submit(event);
        }}
        noValidate
        aria-label={t('apiKeys.editTitle')}
      >
        <Stack>
          <TextInput
            label={t('apiKeys.nameLabel')}
            required
            data-autofocus
            value={form.values.name}
            maxLength={API_KEY_NAME_MAX + 10}
            onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
            error={errorText(form.errors.name, 'name', { max: API_KEY_NAME_MAX })}
          />
          <CapInput
            value={form.values.daily_spend_cap}
            onChange={(value) => form.setFieldValue('daily_spend_cap', value)}
            error={errorText(form.errors.daily_spend_cap, 'daily_spend_cap', { max: API_KEY_NAME_MAX })}
          />
          <FormEnd form={form} onCancel={onClose} submitLabel={t('apiKeys.save')} pending={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function CreatedKey({ apiKey, apiAccess, onDone }: { apiKey: string; apiAccess: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="orange" variant="light" role="status">
        {t('apiKeys.createdWarning')}
      </Alert>
      {!apiAccess && (
        <Alert color="orange" variant="light" role="status">
          {t('apiKeys.accessOffCreated')}
        </Alert>
      )}
      <Group gap="xs" wrap="nowrap" align="center">
        <Code dir="ltr" block style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={t('apiKeys.keyLabel')}>
          {apiKey}
        </Code>
        <CopyValueButton value={apiKey} label={t('apiKeys.copy')} />
      </Group>
      <Group justify="flex-end">
        <Button onClick={onDone}>{t('apiKeys.done')}</Button>
      </Group>
    </Stack>
  );
}
