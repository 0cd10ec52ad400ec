import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { EMAIL_MAX_LENGTH, emailBody, type EmailBody } from '@panel/contract';
import { applyServerErrors, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { session } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { useAuthErrorText } from './auth-form';
import { useUpdateEmail } from './update-email';

const EMAIL_MESSAGES = {
  'validation.required': 'auth.updateEmail.invalidEmail',
  'validation.emailInvalid': 'auth.updateEmail.invalidEmail',
};

/** /update-email (business-panel.md §2): only with the sign-up token cookie; without it, to /. */
export function UpdateEmailPage() {
  if (!session.token()) return <Navigate to="/" replace />;
  return <UpdateEmailForm />;
}

function UpdateEmailForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const current = params.get('email')?.trim() ?? '';
  const mutation = useUpdateEmail();
  const errorText = useAuthErrorText(EMAIL_MESSAGES);
  const form = useZodForm<EmailBody>(emailBody, { initialValues: { email: '' } });

  const submit = form.onSubmit((values) => {
    const email = values.email.trim();
    mutation.mutate(email, {
      onSuccess: () => void navigate(`/verify-your-email?email=${encodeURIComponent(email)}`, { replace: true }),
      onError: (error) => applyServerErrors(form, error),
    });
  });

  return (
    <AuthLayout title={t('auth.updateEmail.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t('auth.updateEmail.currentEmail')} value={current} readOnly variant="filled" />
          <TextInput
            label={t('auth.updateEmail.newEmail')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            error={errorText(form.errors.email, 'email', { max: EMAIL_MAX_LENGTH })}
          />
          <FormActions form={form} align="full">
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('auth.updateEmail.submit')}
            </Button>
          </FormActions>
          <Button variant="default" fullWidth onClick={() => void navigate('/login')}>
            {t('auth.backToLogin')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
