import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_LANGUAGE, currentLocale } from '../../i18n';
import { session } from '../../lib/session';
import { useCreditPoints } from '../credit/get-credit-points';
import { UnreadNotificationsPopup } from '../notifications/unread-notifications-popup';
import { useProfile } from '../profile/get-profile';

/**
 * The dashboard: a greeting and the credit balance. Its other tiles (resellers count, credit
 * shared, activations chart, report download) arrive with the features that own their data.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const name = profile.data?.data.name;
  return (
    <Stack gap="lg">
      {profile.isPending ? (
        <Skeleton h={32} w={280} />
      ) : (
        <Title order={2}>{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}</Title>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <CreditBalanceTile />
      </SimpleGrid>
      {session.has('notif-bell') && <UnreadNotificationsPopup />}
    </Stack>
  );
}

function CreditBalanceTile() {
  const { t } = useTranslation();
  const credit = useCreditPoints();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="credit-balance-label">
      <Group wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          <IconCoins size={28} />
        </ThemeIcon>
        <div>
          <Text size="sm" c="dimmed" id="credit-balance-label">
            {t('dashboard.creditBalance')}
          </Text>
          {credit.isPending ? (
            <Skeleton h={28} w={80} mt={4} />
          ) : credit.isError ? (
            <Text c="red" size="sm" role="alert">
              {t('dashboard.creditFailed')}
            </Text>
          ) : (
            <Text fz={28} fw={700} lh={1.2}>
              {new Intl.NumberFormat(ACCEPT_LANGUAGE[currentLocale()]).format(credit.data.credit_point)}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}
