import { useEffect, useState } from 'react';
import { Anchor, Button, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RESEND_CONFIRMATION_MS } from '@panel/contract';
import { useResendVerification } from './resend-verification';

/**
 * Sends the verification mail again; afterwards a confirmation text shows for 5 seconds
 * (core-panel.md §2, §9). `variant="button"` is the create-password screen's expired-link button.
 */
export function ResendVerificationLink({ email, variant = 'link' }: { email: string; variant?: 'link' | 'button' }) {
  const { t } = useTranslation();
  const mutation = useResendVerification();
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (!confirmed) return;
    const timer = window.setTimeout(() => setConfirmed(false), RESEND_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed]);

  const resend = () => mutation.mutate(email, { onSuccess: () => setConfirmed(true) });

  return (
    <>
      {variant === 'button' ? (
        <Button variant="light" fullWidth onClick={resend} loading={mutation.isPending} disabled={confirmed}>
          {t('auth.resend.button')}
        </Button>
      ) : (
        <Text size="sm" ta="center">
          {t('auth.resend.question')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={resend} disabled={mutation.isPending || confirmed}>
            {t('auth.resend.link')}
          </Anchor>
          {mutation.isPending && <Loader size="xs" ms="xs" aria-label={t('auth.resend.sending')} />}
        </Text>
      )}
      {confirmed && (
        <Text size="sm" c="green.8" ta="center" role="status">
          {t('auth.resend.sent')}
        </Text>
      )}
    </>
  );
}
