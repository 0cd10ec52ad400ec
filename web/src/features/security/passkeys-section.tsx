import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX, passkeyRenameBody, type Passkey, type PasskeyRenameBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { CardTable, type CardColumn } from '../../components/card-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useTextLimit } from '../../components/text-limit';
import { SectionCard } from '../../components/section-card';
import { formatRecordTime } from '../../lib/format';
import { passkeyCancelled, passkeysSupported } from '../../lib/passkey';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './passkeys';
import { RecoveryCodes } from './two-factor-section';

/** The contract's name rule in the section's words (the server's own 422 says the same); a failure's text as it is. */
function useNameErrorText() {
  const { t } = useTranslation();
  return (message: unknown) => {
    if (message === 'validation.required') return t('security.passkeys.nameRequired');
    if (message === 'validation.tooLong') return t('security.passkeys.nameTooLong', { max: PASSKEY_NAME_MAX });
    return typeof message === 'string' && message !== '' ? message : undefined;
  };
}

/** A refused call in the server's words (field message first), the browser's prompt closed, or the generic line. */
function useFailureText() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (passkeyCancelled(error)) return t('security.passkeys.cancelled');
    // The authenticator holds one of the account's passkeys already (the options exclude them).
    if (error instanceof Error && error.name === 'InvalidStateError') return t('security.passkeys.alreadyOnDevice');
    if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.fieldErrors().name ?? error.message;
    return t('security.passkeys.failed');
  };
}

/**
 * Profile → Security: passkeys as a second factor. Adding one asks a name, then the browser's
 * prompt; the account's first second factor comes with its ten recovery codes, shown this once.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  const columns: CardColumn<Passkey>[] = [
    { key: 'name', header: t('security.passkeys.name'), card: 'lead', render: (p) => <Text size="sm">{p.name}</Text> },
    { key: 'added', header: t('security.passkeys.added'), fit: 'nowrap', render: (p) => formatRecordTime(p.created_at) },
    {
      key: 'lastUsed',
      header: t('security.passkeys.lastUsed'),
      fit: 'nowrap',
      render: (p) => (p.last_used_at ? formatRecordTime(p.last_used_at) : t('security.passkeys.never')),
    },
    {
      key: 'actions',
      header: t('security.passkeys.actions'),
      align: 'right',
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button size="xs" variant="default" onClick={() => setRenaming(p)} aria-label={t('security.passkeys.renameNamed', { name: p.name })}>
            {t('security.passkeys.rename')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setRemoving(p)} aria-label={t('security.passkeys.removeNamed', { name: p.name })}>
            {t('security.passkeys.remove')}
          </Button>
        </Group>
      ),
    },
  ];

  let content;
  if (codes) {
    content = <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
  } else if (passkeys.isPending) {
    content = (
      <Center p="md">
        <Loader aria-label={t('security.passkeys.loading')} />
      </Center>
    );
  } else if (passkeys.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('security.passkeys.fetchFailed')}
      </Alert>
    );
  } else {
    const rows = passkeys.data.data;
    content = (
      <Stack>
        {rows.length === 0 ? (
          <Text size="sm">{t('security.passkeys.none')}</Text>
        ) : (
          <CardTable label={t('security.passkeys.title')} columns={columns} rows={rows} rowKey={(p) => p.id} minWidth={640} />
        )}
        {!supported && (
          <Alert color="orange" variant="light">
            {t('security.passkeys.unsupported')}
          </Alert>
        )}
        {adding ? (
          <AddPasskeyForm
            onCancel={() => setAdding(false)}
            onAdded={(fresh) => {
              setAdding(false);
              if (fresh) setCodes(fresh);
            }}
          />
        ) : (
          <Group>
            <Button onClick={() => setAdding(true)} disabled={!supported}>
              {t('security.passkeys.add')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <SectionCard title={t('security.passkeys.title')} description={t('security.passkeys.description')}>
      {content}
      {renaming && <RenameModal passkey={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        title={t('security.passkeys.removeTitle')}
        message={removing ? t('security.passkeys.removeMessage', { name: removing.name }) : ''}
        confirmLabel={t('security.passkeys.remove')}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          remove.mutate(removing!.id, {
            onSuccess: (answer) => {
              showSuccess(answer.msg);
              setRemoving(null);
            },
          })
        }
      />
    </SectionCard>
  );
}

/**
 * The name field and its buttons, as adding and renaming both ask them. The counter and the
 * over-limit message are the project's text limit; the name rule's other words are the section's.
 */
function PasskeyNameForm({
  initial = '',
  hint,
  autoFocus = false,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial?: string;
  hint?: string;
  /** The inline add form takes the focus; a modal's focus trap reads `data-autofocus`. */
  autoFocus?: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (name: string, fail: (message: string) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const nameErrorText = useNameErrorText();
  // The name rule of adding and renaming alike (passkeyRenameBody is the name alone). A message
  // stays until the next try, as the browser's prompt and the server's refusals always did.
  const form = useZodForm<{ name: string }, PasskeyRenameBody>(passkeyRenameBody, { initialValues: { name: initial }, clearInputErrorOnChange: false });
  const limit = useTextLimit(form.values.name, PASSKEY_NAME_MAX);

  return (
    <form onSubmit={form.submit(({ name }) => onSubmit(name, (message) => form.setFieldError('name', message)))} noValidate>
      <Stack>
        <TextInput
          label={t('security.passkeys.nameLabel')}
          description={
            hint ? (
              <>
                {hint} {limit.description}
              </>
            ) : (
              limit.description
            )
          }
          inputWrapperOrder={limit.inputWrapperOrder}
          value={form.values.name}
          data-autofocus
          autoFocus={autoFocus}
          onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
          error={limit.error ?? nameErrorText(form.errors.name)}
        />
        <FormActions form={form}>
          <Button variant="default" onClick={onCancel}>
            {t('security.passkeys.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

function AddPasskeyForm({ onAdded, onCancel }: { onAdded: (codes?: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const failureText = useFailureText();
  return (
    <PasskeyNameForm
      hint={t('security.passkeys.nameHint')}
      autoFocus
      submitLabel={t('security.passkeys.create')}
      pending={add.isPending}
      onCancel={onCancel}
      onSubmit={(name, fail) =>
        add.mutate(name, {
          onSuccess: (answer) => {
            showSuccess(answer.msg);
            onAdded(answer.recovery_codes);
          },
          onError: (failure) => {
            fail(failureText(failure));
            shownWhereItHappened(failure);
          },
        })
      }
    />
  );
}

function RenameModal({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  const failureText = useFailureText();
  return (
    <Modal opened onClose={onClose} title={t('security.passkeys.renameTitle')} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      <PasskeyNameForm
        initial={passkey.name}
        submitLabel={t('security.passkeys.save')}
        pending={rename.isPending}
        onCancel={onClose}
        onSubmit={(name, fail) =>
          rename.mutate(
            { id: passkey.id, name },
            {
              onSuccess: (answer) => {
                showSuccess(answer.msg);
                onClose();
              },
              onError: (failure) => {
                fail(failureText(failure));
                shownWhereItHappened(failure);
              },
            },
          )
        }
      />
    </Modal>
  );
}
