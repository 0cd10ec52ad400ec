import { Stack, Switch } from '@mantine/core';
import { SectionCard } from '../../components/section-card';
import { useTranslation } from 'react-i18next';
import { PARENT_PERMISSIONS } from '@panel/contract';
import { allowed, session } from '../../lib/session';
import { useProfileSecurity, useSecuritySettings, useUpdateProfileSecurity, useUpdateSecuritySettings } from './security-settings';

/**
 * Who must have a second factor: the admin's two switches (with the security-settings permission),
 * or a parent reseller's switch for its whole tree of sub-resellers. Nothing for other accounts.
 */
export function RequirementSection() {
  const permissions = session.permissions();
  if (allowed(permissions, 'security-settings')) return <AdminRequirement />;
  if (allowed(permissions, PARENT_PERMISSIONS)) return <ParentRequirement />;
  return null;
}

function AdminRequirement() {
  const { t } = useTranslation();
  const settings = useSecuritySettings(true);
  const update = useUpdateSecuritySettings();
  const data = settings.data?.data;
  return (
    <SectionCard title={t('security.required.sectionTitle')} description={t('security.required.adminIntro')}>
      <Stack>
        <Switch
          label={t('security.required.admins')}
          description={t('security.required.adminsHint')}
          checked={data?.require_two_factor_admins ?? false}
          disabled={!data || update.isPending}
          onChange={(e) => update.mutate({ require_two_factor_admins: e.currentTarget.checked })}
        />
        <Switch
          label={t('security.required.resellers')}
          checked={data?.require_two_factor_resellers ?? false}
          disabled={!data || update.isPending}
          onChange={(e) => update.mutate({ require_two_factor_resellers: e.currentTarget.checked })}
        />
      </Stack>
    </SectionCard>
  );
}

function ParentRequirement() {
  const { t } = useTranslation();
  const current = useProfileSecurity(true);
  const update = useUpdateProfileSecurity();
  const on = current.data?.data.require_two_factor_sub_resellers;
  return (
    <SectionCard title={t('security.required.sectionTitle')}>
      <Stack>
        <Switch
          label={t('security.required.subResellers')}
          description={t('security.required.subResellersHint')}
          checked={on ?? false}
          disabled={on === undefined || update.isPending}
          onChange={(e) => update.mutate({ require_two_factor_sub_resellers: e.currentTarget.checked })}
        />
      </Stack>
    </SectionCard>
  );
}
