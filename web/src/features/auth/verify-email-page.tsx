import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { session } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { ResendVerificationLink } from './resend-verification-link';

/** /verify-your-email: after sign-up (or an address change), the mail is on its way. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  // The sign-up token (a token cookie without a session) is what lets the address be corrected.
  const canUpdateEmail = Boolean(email && session.token() && !session.isSignedIn());

  return (
    <AuthLayout title={t('auth.verifyEmail.title')}>
      <Stack gap="md">
        <Text ta="center">{email ? t('auth.verifyEmail.sentTo', { email }) : t('auth.verifyEmail.sent')}</Text>
        <Text ta="center" size="sm" c="dimmed">
          {t('auth.verifyEmail.instructions')}
        </Text>
        {email && <ResendVerificationLink email={email} />}
        {canUpdateEmail && (
          <Text size="sm" ta="center">
            {t('auth.verifyEmail.wrongEmail')}{' '}
            <Anchor component={Link} to={`/update-email?email=${encodeURIComponent(email)}`} size="sm">
              {t('auth.verifyEmail.updateEmail')}
            </Anchor>
          </Text>
        )}
        <Button component={Link} to="/login" variant="default" fullWidth>
          {t('auth.backToLogin')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
