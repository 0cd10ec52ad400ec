import { useState } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordBody, type ResetPasswordBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { applyServerErrors, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { AuthLayout } from './auth-layout';
import { PasswordFields } from './password-fields';
import { useResetPassword } from './reset-password';

/** /reset-password/:token, the forgot-password mail's link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const mutation = useResetPassword();
  const [expired, setExpired] = useState<string>();
  const form = useZodForm<ResetPasswordBody>(resetPasswordBody, {
    initialValues: { token, password: '', password_confirmation: '' },
  });

  const submit = form.onSubmit((values) => {
    setExpired(undefined);
    mutation.mutate(
      { ...values, token },
      {
        onSuccess: () => {
          showSuccess(t('auth.resetPassword.success'));
          void navigate('/login', { replace: true });
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
    <AuthLayout title={t('auth.resetPassword.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {(expired ?? form.errors.token) && (
            <Alert color="red" variant="light">
              {expired ?? t('auth.resetPassword.invalidLink')}{' '}
              <Anchor component={Link} to="/forget-password" size="sm">
                {t('auth.resetPassword.requestNewLink')}
              </Anchor>
            </Alert>
          )}
          <PasswordFields form={form} />
          <FormActions form={form} align="full">
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('auth.resetPassword.submit')}
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
