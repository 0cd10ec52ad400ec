import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Center, CopyButton, Group, Image, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../components/copy-value-button';
import { totpConfirmBody, type TotpConfirmBody } from '@panel/contract';
import { ApiError, saveDownload } from '../../api/client';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useProfile } from '../../api/profile';
import { usePasskeys } from './passkeys';
import { useConfirmTotp, useDisableTwoFactor, useRegenerateRecoveryCodes, useSetupTotp, useTwoFactor } from './two-factor';
import { StatusBadge } from '../../components/status-badge';
import { SectionCard } from '../../components/section-card';

/** The server's sentence for a refused call (translated by it), or the section's generic one. */
function useFailureText() {
  const { t } = useTranslation();
  return (error: unknown) => (error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : t('security.twoFactor.failed'));
}

/**
 * Profile → Security: TOTP with its recovery codes. Turning it on goes setup (QR code and key) →
 * confirm (a code from the app) → the ten recovery codes, shown this once.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactor();
  // With passkeys only, the account has a second factor (and recovery codes) without the app.
  const hasPasskeys = (usePasskeys().data?.data.length ?? 0) > 0;
  const [setup, setSetup] = useState<{ secret: string; uri: string }>();
  const [codes, setCodes] = useState<string[]>();

  let content;
  if (codes) {
    content = <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />;
  } else if (setup) {
    content = (
      <SetupTotp
        {...setup}
        onConfirmed={(fresh) => {
          setSetup(undefined);
          setCodes(fresh);
        }}
        onCancel={() => setSetup(undefined)}
      />
    );
  } else if (status.isPending) {
    content = (
      <Center p="md">
        <Loader aria-label={t('security.twoFactor.loading')} />
      </Center>
    );
  } else if (status.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('security.twoFactor.failed')}
      </Alert>
    );
  } else if (status.data.data.totp) {
    content = <FactorOn codesLeft={status.data.data.recovery_codes_left} onNewCodes={setCodes} />;
  } else {
    content = <FactorOff onSetup={setSetup} recovery={hasPasskeys ? { codesLeft: status.data.data.recovery_codes_left, onNewCodes: setCodes } : undefined} />;
  }

  const on = status.data?.data.totp === true || hasPasskeys;
  return (
    <SectionCard
      title={t('security.twoFactor.title')}
      aside={status.data && <StatusBadge color={on ? 'teal' : 'gray'}>{t(on ? 'security.twoFactor.on' : 'security.twoFactor.off')}</StatusBadge>}
    >
      {content}
    </SectionCard>
  );
}

/** Without the app; `recovery` when passkeys are the account's factor, whose recovery codes are managed here too. */
function FactorOff({
  onSetup,
  recovery,
}: {
  onSetup: (setup: { secret: string; uri: string }) => void;
  recovery?: { codesLeft: number; onNewCodes: (codes: string[]) => void };
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const setup = useSetupTotp();
  const [regenerating, setRegenerating] = useState(false);
  return (
    <Stack>
      {recovery && (
        <>
          <Text size="sm">{t('security.twoFactor.passkeyOnly')}</Text>
          <Text size="sm" c={recovery.codesLeft <= 2 ? 'red' : 'dimmed'}>
            {t('security.twoFactor.codesLeft', { count: recovery.codesLeft })}
          </Text>
          {regenerating ? (
            <ChangeForm action="regenerate" onDone={recovery.onNewCodes} onCancel={() => setRegenerating(false)} />
          ) : (
            <Group>
              <Button variant="default" onClick={() => setRegenerating(true)}>
                {t('security.twoFactor.regenerate')}
              </Button>
            </Group>
          )}
        </>
      )}
      <Text size="sm">{t('security.twoFactor.description')}</Text>
      {setup.isError && (
        <Alert color="red" role="alert">
          {failureText(setup.error)}
        </Alert>
      )}
      <Group>
        {/* The label wraps on a phone rather than being cut ("Turn on two-factor authenticatio…"). */}
        <Button
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          loading={setup.isPending}
          onClick={() => setup.mutate(undefined, { onSuccess: (answer) => onSetup(answer.data), onError: shownWhereItHappened })}
        >
          {t('security.twoFactor.turnOn')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The QR code is drawn in the browser from the otpauth URI: the secret never goes to a third party. */
function useQrCode(uri: string) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    // Loaded only here: the sign-in and every other screen never download the QR encoder.
    void import('qrcode').then(({ toString }) =>
      toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      }),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return src;
}

/** `ABCD EFGH IJKL MNOP` and the second half on a line of its own, as the key is read aloud or typed. */
function groupedKey(secret: string) {
  const groups = secret.match(/.{1,4}/g) ?? [];
  const half = Math.ceil(groups.length / 2);
  return `${groups.slice(0, half).join(' ')}\n${groups.slice(half).join(' ')}`;
}

function SetupTotp({ secret, uri, onConfirmed, onCancel }: { secret: string; uri: string; onConfirmed: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const qr = useQrCode(uri);
  const confirm = useConfirmTotp();
  const errorText = useErrorText();
  // The contract's code rule; its message stays until the next try, as the server's refusal does.
  const form = useZodForm<{ code: string }, TotpConfirmBody>(totpConfirmBody, { initialValues: { code: '' }, clearInputErrorOnChange: false });
  const codeError = (message: unknown) => (message === 'validation.required' ? t('security.twoFactor.required') : errorText(message, 'code'));

  const submit = form.submit((body) =>
    confirm.mutate(body, {
      onSuccess: (answer) => {
        showSuccess(answer.msg);
        onConfirmed(answer.data.recovery_codes);
      },
      onError: (failure) => {
        form.setFieldError('code', failureText(failure));
        shownWhereItHappened(failure);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('security.twoFactor.scan')}</Text>
        <Center>
          {qr ? (
            <Image src={qr} alt={t('security.twoFactor.qrAlt')} w={200} h={200} bg="white" p={4} radius="sm" />
          ) : (
            <Loader aria-label={t('security.twoFactor.loading')} />
          )}
        </Center>
        {/* Two lines of four groups: the whole key stays in sight on a phone. */}
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Textarea
            label={t('security.twoFactor.secret')}
            value={groupedKey(secret)}
            readOnly
            rows={2}
            styles={{ input: { resize: 'none' } }}
            dir="ltr"
            ff="monospace"
            variant="filled"
            style={{ flex: 1, minWidth: 0 }}
          />
          {/* The key as apps take it: without the spaces and the line break that make it readable. */}
          <CopyValueButton value={secret} label={t('security.twoFactor.copySecret')} />
        </Group>
        <TextInput
          label={t('security.twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          dir="ltr"
          value={form.values.code}
          onChange={(event) => form.setFieldValue('code', event.currentTarget.value)}
          error={codeError(form.errors.code)}
        />
        <FormActions form={form}>
          <Button variant="default" onClick={onCancel}>
            {t('security.twoFactor.cancel')}
          </Button>
          <Button type="submit" loading={confirm.isPending}>
            {t('security.twoFactor.confirm')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}

const CODE_GRID = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 'var(--mantine-spacing-xs)', listStyle: 'none', padding: 0, margin: 0 };

/** The ten codes, this once: to keep as a file or on the clipboard. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const text = `${t('security.twoFactor.fileHeader', { email: profile.data?.data.email ?? '' })}\n\n${codes.join('\n')}\n`;
  const download = () => saveDownload({ blob: new Blob([text], { type: 'text/plain;charset=utf-8' }), filename: 'recovery-codes.txt' });
  return (
    <Stack>
      <Title order={3} size="h5">
        {t('security.twoFactor.codesTitle')}
      </Title>
      <Alert color="orange" variant="light">
        {t('security.twoFactor.codesIntro')}
      </Alert>
      <Box component="ul" aria-label={t('security.twoFactor.codesTitle')} dir="ltr" style={CODE_GRID}>
        {codes.map((code) => (
          <Text component="li" key={code} ff="monospace" ta="center">
            {code}
          </Text>
        ))}
      </Box>
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={download}>
            {t('security.twoFactor.download')}
          </Button>
          <CopyButton value={codes.join('\n')} timeout={2000}>
            {({ copied, copy }) => (
              <Button variant="default" color={copied ? 'teal' : undefined} onClick={copy}>
                {t(copied ? 'security.twoFactor.copied' : 'security.twoFactor.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Button onClick={onDone}>{t('security.twoFactor.saved')}</Button>
      </Group>
    </Stack>
  );
}

/** On: new recovery codes or turning it off, each after a recent confirmation of the factor (step-up). */
function FactorOn({ codesLeft, onNewCodes }: { codesLeft: number; onNewCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<'regenerate' | 'disable'>();
  return (
    <Stack>
      <Text size="sm">{t('security.twoFactor.onDescription')}</Text>
      <Text size="sm" c={codesLeft <= 2 ? 'red' : 'dimmed'}>
        {t('security.twoFactor.codesLeft', { count: codesLeft })}
      </Text>
      {action ? (
        <ChangeForm key={action} action={action} onDone={onNewCodes} onCancel={() => setAction(undefined)} />
      ) : (
        <Group>
          <Button variant="default" onClick={() => setAction('regenerate')}>
            {t('security.twoFactor.regenerate')}
          </Button>
          <Button variant="light" color="red" onClick={() => setAction('disable')}>
            {t('security.twoFactor.turnOff')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A confirmation of the change; the step-up modal asks for a code when the session's confirmation is old. */
function ChangeForm({ action, onDone, onCancel }: { action: 'regenerate' | 'disable'; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const mutation = action === 'regenerate' ? regenerate : disable;
  const [failure, setFailure] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const onError = (error: unknown) => {
      setFailure(failureText(error));
      shownWhereItHappened(error);
    };
    if (action === 'regenerate') {
      regenerate.mutate(undefined, {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          onDone(answer.data.recovery_codes);
        },
        onError,
      });
    } else {
      disable.mutate(undefined, {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          onCancel();
        },
        onError,
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t(action === 'regenerate' ? 'security.twoFactor.regenerateIntro' : 'security.twoFactor.turnOffIntro')}</Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('security.twoFactor.cancel')}
          </Button>
          <Button type="submit" color={action === 'disable' ? 'red' : undefined} loading={mutation.isPending}>
            {t(action === 'regenerate' ? 'security.twoFactor.regenerate' : 'security.twoFactor.turnOff')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
