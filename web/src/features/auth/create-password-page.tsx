import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { createPasswordBody, type CreatePasswordBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { applyServerErrors, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { AuthLayout } from './auth-layout';
import { PasswordFields } from './password-fields';
import { useCreatePassword } from './create-password';
import { ResendVerificationLink } from './resend-verification-link';

/** /create-password?email=…&token=…, the verification (or invitation) mail's link; without both, back to /login. */
export function CreatePasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim();
  const token = params.get('token')?.trim();
  if (!email || !token) return <Navigate to="/login" replace />;
  return <CreatePasswordForm email={email} token={token} />;
}

function CreatePasswordForm({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useCreatePassword();
  const [expired, setExpired] = useState<string>();
  const form = useZodForm<CreatePasswordBody>(createPasswordBody, {
    initialValues: { email, token, password: '', password_confirmation: '' },
  });
  // A mangled link: the address or token in it fails the contract's rules.
  const badLink = Boolean(form.errors.email ?? form.errors.token);

  const submit = form.onSubmit((values) => {
    setExpired(undefined);
    mutation.mutate(
      { ...values, email, token },
      {
        onSuccess: () => {
          showSuccess(t('auth.createPassword.success'));
          // The sign-in form starts with this e-mail filled in: only the new password is left to type.
          void navigate('/login', { replace: true, state: { email } });
        },
        // An expired link says so in place of the form, a 422 under its fields; anything else is the query client's toast.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'TOKEN_EXPIRED') {
            setExpired(error.message);
            shownWhereItHappened(error);
          } else applyServerErrors(form, error);
        },
      },
    );
  });

  return (
    <AuthLayout title={t('auth.createPassword.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.createPassword.intro', { email })}
          </Text>
          {expired && (
            <Alert color="red" variant="light" title={expired}>
              {t('auth.createPassword.expiredHint')}
            </Alert>
          )}
          {!expired && badLink && (
            <Alert color="red" variant="light">
              {t('auth.createPassword.invalidLink')}
            </Alert>
          )}
          {expired && <ResendVerificationLink email={email} variant="button" />}
          <PasswordFields form={form} />
          <FormActions form={form} align="full">
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('auth.createPassword.submit')}
            </Button>
          </FormActions>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('auth.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
