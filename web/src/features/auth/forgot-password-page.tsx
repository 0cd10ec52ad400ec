import { useEffect } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { emailBody, FORGOT_PASSWORD_REDIRECT_MS, type EmailBody } from '@panel/contract';
import { applyServerErrors, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { AuthLayout } from './auth-layout';
import { useAuthErrorText } from './auth-form';
import { useForgotPassword } from './forgot-password';

/** /forget-password: after a successful send the button reads 'Email sent', stays disabled, and 5 s later it is back to /login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useForgotPassword();
  const errorText = useAuthErrorText();
  const form = useZodForm<EmailBody>(emailBody, { initialValues: { email: '' } });
  const sent = mutation.isSuccess;

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void navigate('/login'), FORGOT_PASSWORD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const submit = form.onSubmit((values) =>
    mutation.mutate(values.email.trim(), { onError: (error) => applyServerErrors(form, error) }),
  );

  return (
    <AuthLayout title={t('auth.forgotPassword.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed" ta="center">
            {t('auth.forgotPassword.intro')}
          </Text>
          {sent && (
            <Alert color="green" variant="light" role="status">
              {t('auth.forgotPassword.sentNotice')}
            </Alert>
          )}
          <TextInput
            label={t('auth.labels.email')}
            type="email"
            autoComplete="email"
            readOnly={sent}
            {...form.getInputProps('email')}
            error={errorText(form.errors.email, 'email')}
          />
          <FormActions form={form} align="full">
            <Button type="submit" fullWidth loading={mutation.isPending} disabled={sent}>
              {sent ? t('auth.forgotPassword.sent') : t('auth.forgotPassword.submit')}
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
