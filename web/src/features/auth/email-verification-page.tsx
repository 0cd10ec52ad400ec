import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from './auth-layout';
import { ResendVerificationLink } from './resend-verification-link';

/** /email-verification-page: where a sign-in of an unverified account (10095) lands. */
export function EmailVerificationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';

  return (
    <AuthLayout title={t('auth.emailVerification.title')}>
      <Stack gap="md">
        <Text ta="center">
          {email ? t('auth.emailVerification.messageFor', { email }) : t('auth.emailVerification.message')}
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          {t('auth.emailVerification.instructions')}
        </Text>
        {email && <ResendVerificationLink email={email} />}
        <Button component={Link} to="/login" variant="default" fullWidth>
          {t('auth.backToLogin')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
