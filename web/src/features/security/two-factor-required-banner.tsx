import { Alert } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/profile';

/**
 * On the setup screen of an account that must turn a second factor on: who requires it and why
 * nothing else opens until then. The app brings the account here on every refused call.
 */
export function TwoFactorRequiredBanner() {
  const { t } = useTranslation();
  const profile = useProfile();
  const data = profile.data?.data;
  if (!data?.two_factor_setup_required) return null;
  const by = data.two_factor_required_by === 'parent' ? 'parent' : 'panel';
  return (
    <Alert color="orange" variant="light" icon={<IconShieldLock aria-hidden />} title={t('security.required.title')} role="alert">
      {t(`security.required.by_${by}`)} {t('security.required.next')}
    </Alert>
  );
}
