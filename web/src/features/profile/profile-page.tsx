import { Alert, Button, Card, Center, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconPlugConnected, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAME_MAX_LENGTH, SECURITY_PATH, profileBody, type ProfileBody } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { ColorSchemeChoice } from '../../components/color-scheme-control';
import { applyServerErrors, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { toastError } from '../../components/toast';
import { useProfile } from '../../api/profile';
import { session } from '../../lib/session';
import { useUpdateProfile } from './update-profile';
import { ExpiryRemindersSwitch } from './expiry-reminders-switch';
import { LowCreditForm } from '../integrations';

/** Profile settings (core-panel.md §2): name, the e-mail read-only, and an optional new password; the expiry reminder switch; the low-balance threshold. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();

  let content;
  if (profile.isPending) {
    content = (
      <Center p="xl">
        <Loader aria-label={t('profile.loading')} />
      </Center>
    );
  } else if (profile.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('profile.fetchFailed')}
      </Alert>
    );
  } else {
    const { name, email } = profile.data.data;
    content = <ProfileForm key={`${email}:${name}`} name={name} email={email} />;
  }

  return (
    <Stack maw={560}>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('profile.title')}
        </Title>
        {content}
      </Card>
      <ExpiryRemindersSwitch />
      {/* The low-balance threshold (issue 27): every account, one mail per fall under it; the same form as Integrations'. */}
      <LowCreditForm />
      <Card withBorder padding="lg">
        <Stack gap="xs" align="flex-start">
          <Title order={2} size="h4">
            {t('profile.security')}
          </Title>
          <Text size="sm">{t('profile.securityDescription')}</Text>
          <Button component={Link} to={SECURITY_PATH} variant="light" leftSection={<IconShieldLock size={18} aria-hidden />}>
            {t('profile.securityLink')}
          </Button>
        </Stack>
      </Card>
      {session.has('webhooks') && (
        <Card withBorder padding="lg">
          <Stack gap="xs" align="flex-start">
            <Title order={2} size="h4">
              {t('profile.integrations')}
            </Title>
            <Text size="sm">{t('profile.integrationsDescription')}</Text>
            <Button component={Link} to="/profile/integrations" variant="light" leftSection={<IconPlugConnected size={18} aria-hidden />}>
              {t('profile.integrationsLink')}
            </Button>
          </Stack>
        </Card>
      )}
      <Card withBorder padding="lg">
        <ColorSchemeChoice />
      </Card>
    </Stack>
  );
}

function ProfileForm({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateProfile();
  const form = useZodForm<ProfileBody>(profileBody, {
    initialValues: { name, password: '', password_confirmation: '' },
  });
  const nameLimit = useTextLimit(form.values.name, NAME_MAX_LENGTH);

  const submit = form.onSubmit((values) => {
    const body: ProfileBody = values.password
      ? { name: values.name, password: values.password, password_confirmation: values.password_confirmation }
      : { name: values.name };
    update.mutate(body, {
      onSuccess: () => {
        showSuccess(values.password ? t('profile.updatedWithPassword') : t('profile.updated'));
        form.setValues({ password: '', password_confirmation: '' });
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) toastError(t('profile.updateFailed'));
        shownWhereItHappened(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('profile.name')}
          required
          autoComplete="name"
          {...form.getInputProps('name')}
          description={nameLimit.description}
          inputWrapperOrder={nameLimit.inputWrapperOrder}
          error={nameLimit.error ?? errorText(form.errors.name, 'name')}
        />
        <TextInput label={t('profile.email')} value={email} readOnly variant="filled" autoComplete="email" />
        <PasswordInput
          label={t('profile.newPassword')}
          autoComplete="new-password"
          maxLength={100}
          {...form.getInputProps('password')}
          error={errorText(form.errors.password, 'password')}
        />
        <PasswordInput
          label={t('profile.confirmPassword')}
          autoComplete="new-password"
          maxLength={100}
          {...form.getInputProps('password_confirmation')}
          error={errorText(form.errors.password_confirmation, 'password_confirmation')}
        />
        <Group gap="xs" wrap="nowrap" align="flex-start" c="dimmed">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{t('profile.passwordHint')}</Text>
        </Group>
        <FormActions form={form}>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
