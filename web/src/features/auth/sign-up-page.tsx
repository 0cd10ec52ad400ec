import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, registerBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { session } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { useAuthErrorText } from './auth-form';
import { useRegister } from './register';

type SignUpValues = { name: string; email: string; tAndC: boolean };

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useRegister();
  const errorText = useAuthErrorText();
  // The box starts unticked; the schema's `tAndC: true` is what it has to become.
  const form = useZodForm<SignUpValues>(registerBody, { initialValues: { name: '', email: '', tAndC: false } });

  const submit = form.onSubmit((values) => {
    const email = values.email.trim();
    mutation.mutate(
      { name: values.name.trim(), email, tAndC: true },
      {
        onSuccess: (answer) => {
          session.saveSignupToken(answer.token);
          void navigate(`/verify-your-email?email=${encodeURIComponent(email)}`);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 422) return;
          const fields = error.fieldErrors();
          // core-panel.md §8: on sign-up, an e-mail error means the address already has an account.
          if (fields.email) fields.email = t('auth.signUp.emailTaken');
          form.setErrors(fields);
        },
      },
    );
  });

  return (
    <AuthLayout title={t('auth.signUp.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.labels.name')}
            autoComplete="name"
            {...form.getInputProps('name')}
            error={errorText(form.errors.name, 'name', { max: NAME_MAX_LENGTH })}
          />
          <TextInput
            label={t('auth.labels.email')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            error={errorText(form.errors.email, 'email', { max: EMAIL_MAX_LENGTH })}
          />
          <Checkbox
            label={t('auth.labels.terms')}
            {...form.getInputProps('tAndC', { type: 'checkbox' })}
            error={errorText(form.errors.tAndC, 'tAndC')}
          />
          <FormActions form={form} align="full">
            <Button type="submit" fullWidth loading={mutation.isPending}>
              {t('auth.signUp.submit')}
            </Button>
          </FormActions>
          <Text size="sm" ta="center">
            {t('auth.signUp.haveAccount')}{' '}
            <Anchor component={Link} to="/login">
              {t('auth.signUp.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
