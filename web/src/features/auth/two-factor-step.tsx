import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoginAnswer } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useLoginTwoFactor } from './login';
import { loginErrorOutcome } from './login-error';
import { SwitchCodeMethod, TwoFactorCodeField } from './two-factor-code';

/**
 * The second step of a sign-in for an account with a second factor: a code from the authenticator
 * app, or one of the recovery codes. An expired or used challenge sends the person back to the
 * password, with the server's sentence saying why.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (answer: LoginAnswer) => void;
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [alert, setAlert] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAlert(undefined);
    if (!code.trim()) {
      setFieldError(t('auth.required'));
      return;
    }
    setFieldError(undefined);
    mutation.mutate(
      { challenge, code: code.trim() },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CHALLENGE_EXPIRED') {
            onRestart(error.message);
          } else if (error instanceof ApiError && error.code === 'INVALID_TWO_FACTOR_CODE') {
            setFieldError(error.message);
          } else {
            const outcome = loginErrorOutcome(error);
            setAlert(outcome.kind === 'message' ? (outcome.serverMessage ?? t(outcome.key)) : t('auth.login.errors.unable'));
          }
        },
      },
    );
  };

  const switchMethod = () => {
    setRecovery((r) => !r);
    setCode('');
    setFieldError(undefined);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {alert && (
          <Alert color="red" variant="light">
            {alert}
          </Alert>
        )}
        <Text size="sm">{t(recovery ? 'auth.twoFactor.recoveryIntro' : 'auth.twoFactor.intro')}</Text>
        <TwoFactorCodeField recovery={recovery} value={code} onChange={setCode} error={fieldError} />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('auth.twoFactor.submit')}
        </Button>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <SwitchCodeMethod recovery={recovery} onSwitch={switchMethod} />
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
            {t('auth.backToLogin')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
