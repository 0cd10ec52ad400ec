import { PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useAuthErrorText } from './auth-form';

type PasswordValues = { password: string; password_confirmation: string };

/** A new password and its confirmation, with the contract's rule shown as the field's hint. */
export function PasswordFields<V extends PasswordValues>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  const errorText = useAuthErrorText();
  const toggle = { 'aria-label': t('auth.showPassword') };
  return (
    <Stack gap="md">
      <PasswordInput
        label={t('auth.labels.password')}
        description={t('auth.passwordHint')}
        autoComplete="new-password"
        visibilityToggleButtonProps={toggle}
        {...form.getInputProps('password')}
        error={errorText(form.errors.password, 'password')}
      />
      <PasswordInput
        label={t('auth.labels.passwordConfirmation')}
        autoComplete="new-password"
        visibilityToggleButtonProps={toggle}
        {...form.getInputProps('password_confirmation')}
        error={errorText(form.errors.password_confirmation, 'password_confirmation')}
      />
    </Stack>
  );
}
