import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loginPasskeyOptionsEndpoint, loginTwoFactorBody, type LoginAnswer, type LoginTwoFactorBody, type TwoFactorMethod } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { shownWhereItHappened } from '../../lib/feedback';
import { assertWithPasskey, passkeyCancelled, passkeysSupported } from '../../lib/passkey';
import { useLoginTwoFactor } from './login';
import { loginErrorOutcome } from './login-error';
import { TwoFactorCodeField } from './two-factor-code';

type Mode = 'totp' | 'recovery' | 'passkey';

/**
 * The second step of a sign-in for an account with a second factor: a code from the authenticator
 * app, a passkey, or one of the recovery codes. An account with passkeys only is offered the
 * passkey first. An expired or used challenge sends the person back to the password, with the
 * server's sentence saying why.
 */
export function TwoFactorStep({
  challenge,
  methods,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  /** What the challenge may be answered with (`methods` of the sign-in answer). */
  methods: readonly TwoFactorMethod[];
  onSignedIn: (answer: LoginAnswer) => void;
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useLoginTwoFactor();
  const hasTotp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey') && passkeysSupported();
  const [mode, setMode] = useState<Mode>(hasTotp ? 'totp' : hasPasskey ? 'passkey' : 'recovery');
  const recovery = mode === 'recovery';
  // The contract's rule for the challenge and its code (the step lives as long as its challenge);
  // a wrong code stays under the field until the next try.
  const form = useZodForm<{ challenge: string; code: string }, LoginTwoFactorBody>(loginTwoFactorBody, {
    initialValues: { challenge, code: '' },
    clearInputErrorOnChange: false,
  });
  const codeError = (message: unknown) => (message === 'validation.required' ? t('auth.required') : typeof message === 'string' && message !== '' ? message : undefined);
  const setAlert = form.setAlert;
  const [prompting, setPrompting] = useState(false);

  /** Every failure in this step's words (core-panel.md §8), so no global toast. */
  const failed = (error: unknown) => {
    shownWhereItHappened(error);
    if (error instanceof ApiError && error.code === 'CHALLENGE_EXPIRED') {
      onRestart(error.message);
    } else if (error instanceof ApiError && error.code === 'INVALID_TWO_FACTOR_CODE') {
      form.setFieldError('code', error.message);
    } else if (error instanceof ApiError && error.code === 'INVALID_PASSKEY') {
      setAlert(error.message);
    } else if (passkeyCancelled(error)) {
      setAlert(t('auth.twoFactor.passkeyCancelled'));
    } else {
      const outcome = loginErrorOutcome(error);
      setAlert(outcome.kind === 'message' ? (outcome.serverMessage ?? t(outcome.key)) : t('auth.login.errors.unable'));
    }
  };

  const signInWithPasskey = async () => {
    setAlert(undefined);
    setPrompting(true);
    try {
      const passkey = await assertWithPasskey(loginPasskeyOptionsEndpoint, { challenge }, { allowUnauthorized: true });
      onSignedIn(await mutation.mutateAsync({ challenge, passkey }));
    } catch (error) {
      failed(error);
    } finally {
      setPrompting(false);
    }
  };

  const submit = form.submit((body) => mutation.mutate(body, { onSuccess: onSignedIn, onError: failed }));

  const switchTo = (next: Mode) => {
    setMode(next);
    form.setFieldValue('code', '');
    form.clearFieldError('code');
    setAlert(undefined);
  };

  const alertBox = form.alert && (
    <Alert color="red" variant="light">
      {form.alert}
    </Alert>
  );
  const passkeyButton = (variant: 'filled' | 'default') => (
    <Button type="button" variant={variant} fullWidth loading={prompting} onClick={() => void signInWithPasskey()}>
      {t('auth.twoFactor.usePasskey')}
    </Button>
  );
  const backLink = (
    <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
      {t('auth.backToLogin')}
    </Anchor>
  );

  if (mode === 'passkey') {
    return (
      <Stack gap="md">
        {alertBox}
        <Text size="sm">{t('auth.twoFactor.passkeyIntro')}</Text>
        {passkeyButton('filled')}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo(hasTotp ? 'totp' : 'recovery')}>
            {t(hasTotp ? 'auth.twoFactor.useApp' : 'auth.twoFactor.useRecovery')}
          </Anchor>
          {backLink}
        </Group>
      </Stack>
    );
  }

  // From a recovery code back to the first way the account offers: the app, else its passkey.
  const otherMode: Mode = recovery ? (hasTotp ? 'totp' : 'passkey') : 'recovery';
  const otherLabel = recovery ? (hasTotp ? 'auth.twoFactor.useApp' : 'auth.twoFactor.usePasskey') : 'auth.twoFactor.useRecovery';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {alertBox}
        <Text size="sm">{t(recovery ? 'auth.twoFactor.recoveryIntro' : 'auth.twoFactor.intro')}</Text>
        <TwoFactorCodeField
          recovery={recovery}
          value={form.values.code}
          onChange={(value) => form.setFieldValue('code', value)}
          error={codeError(form.errors.code)}
        />
        <FormActions form={form} align="full">
          <Button type="submit" fullWidth loading={mutation.isPending && !prompting}>
            {t('auth.twoFactor.submit')}
          </Button>
        </FormActions>
        {hasPasskey && mode === 'totp' && passkeyButton('default')}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => switchTo(otherMode)}>
            {t(otherLabel)}
          </Anchor>
          {backLink}
        </Group>
      </Stack>
    </form>
  );
}
