import { lazy, Suspense, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { loginBody, SECURITY_PATH, type LoginAnswer, type LoginBody, type LoginChallengeAnswer } from '@panel/contract';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { LightCheckbox } from '../../components/light-checkbox';
import { queryClient } from '../../app/query-client';
import { shownWhereItHappened } from '../../lib/feedback';
import { session } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { useAuthErrorText } from './auth-form';
import { useLogin } from './login';
import { loginErrorOutcome } from './login-error';

/** The second step (codes, passkeys) loads only for an account that has a factor: /login does not carry it. */
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

/** Where a sign-in goes on: the page a guard sent the user away from, else the dashboard. */
function nextPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}

/** The e-mail a screen that sent the user here passed on (create-password), to fill in the form. */
function passedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** /login, and the admin's /:prefix/admin-login: the same form, another call. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { prefix } = useParams();
  const isAdmin = Boolean(prefix);
  const mutation = useLogin();
  const [alert, setAlert] = useState<string>();
  const errorText = useAuthErrorText();
  const form = useZodForm<LoginBody>(loginBody, { initialValues: { email: passedEmail(location.state), password: '', remember: false } });
  const [challenge, setChallenge] = useState<LoginChallengeAnswer>();

  const signedIn = (answer: LoginAnswer) => {
    session.save(answer.token, answer.permissions, form.values.remember === true);
    // Nothing cached for a previous account may leak into this one.
    queryClient.removeQueries();
    // A second factor the account must turn on comes before anything else, the passcode included.
    const next = answer.two_factor_setup_required ? SECURITY_PATH : answer.hasPasscode ? nextPath(location.state) : '/set-passcode-modal';
    void navigate(next, { replace: true });
  };

  const submit = form.onSubmit((values) => {
    setAlert(undefined);
    const body = { ...values, email: values.email.trim() };
    mutation.mutate(
      { prefix, body },
      {
        onSuccess: (answer) => {
          if ('two_factor_required' in answer) setChallenge(answer);
          else signedIn(answer);
        },
        // The screen turns every failure into its own message (core-panel.md §8), so no global toast.
        onError: (error) => {
          shownWhereItHappened(error);
          const outcome = loginErrorOutcome(error);
          if (outcome.kind === 'unverified') {
            void navigate(`/email-verification-page?email=${encodeURIComponent(body.email)}`);
          } else if (outcome.kind === 'fields') {
            form.setErrors(outcome.fields);
          } else {
            setAlert(outcome.serverMessage ?? t(outcome.key));
          }
        },
      },
    );
  });

  const title = t(isAdmin ? 'auth.login.adminTitle' : 'auth.login.title');
  if (challenge) {
    return (
      <AuthLayout title={title}>
        <Suspense fallback={<Loader mx="auto" />}>
          <TwoFactorStep
            challenge={challenge.challenge}
            methods={challenge.methods}
            onSignedIn={signedIn}
            onRestart={(message) => {
              setChallenge(undefined);
              setAlert(message);
              form.setFieldValue('password', '');
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && (
            <Alert color="red" variant="light">
              {alert}
            </Alert>
          )}
          <TextInput
            label={t('auth.labels.email')}
            type="email"
            autoComplete="username"
            {...form.getInputProps('email')}
            error={errorText(form.errors.email, 'email')}
          />
          <PasswordInput
            label={t('auth.labels.password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            {...form.getInputProps('password')}
            error={errorText(form.errors.password, 'password')}
          />
          <Group justify="space-between" wrap="nowrap">
            <LightCheckbox label={t('auth.labels.rememberMe')} {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/forget-password" size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
          <FormActions form={form} align="full">
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('auth.login.submit')}
            </Button>
          </FormActions>
          {!isAdmin && (
            <Text size="sm" ta="center">
              {t('auth.login.noAccount')}{' '}
              <Anchor component={Link} to="/sign-up">
                {t('auth.login.signUp')}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </AuthLayout>
  );
}
