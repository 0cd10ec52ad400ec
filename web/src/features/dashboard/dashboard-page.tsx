import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins, IconShare, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@panel/contract';
import { formatNumber } from '../../lib/format';
import { allowed, session } from '../../lib/session';
import { CreditShareReportForm, useTotalCreditPoints } from '../credit';
import { useCreditPoints } from '../../api/credit-points';
import { UnreadNotificationsPopup } from '../notifications';
import { useProfile } from '../../api/profile';
import { ActivationsChart } from './activations-chart';
import { LastBackupLine } from './last-backup-line';
import { useResellersCount } from './get-resellers-count';

/** Who may count the resellers (the server's rule for GET api/counting-resellers/totalCount). */
const RESELLER_READERS: readonly Permission[] = ['reseller-list', 'show-reseller-list'];
/** Who may download the credit-share report (the server's rule for its route). */
const REPORT_READERS: readonly Permission[] = ['credit-point-share-log', 'download-report'];

/**
 * The dashboard (core-panel.md §2): a greeting, the balance, the resellers count, the credit
 * points shared, the pie chart of last month's activations per module and the credit-share
 * report download; for the admin, the last backup and whether it was verified (issue 26).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const name = profile.data?.data.name;
  const permissions = session.permissions();
  return (
    <Stack gap="lg">
      {profile.isPending ? (
        <Skeleton h={32} w={280} />
      ) : (
        <Title order={2}>{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}</Title>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <CreditBalanceTile />
        {allowed(permissions, RESELLER_READERS) && <ResellersCountTile />}
        <CreditSharedTile />
      </SimpleGrid>
      {session.has('backups') && <LastBackupLine />}
      <ActivationsChart />
      {allowed(permissions, REPORT_READERS) && <CreditShareReportForm />}
      {session.has('notif-bell') && <UnreadNotificationsPopup />}
    </Stack>
  );
}

type TileProps = {
  id: string;
  label: string;
  icon: ReactNode;
  query: { isPending: boolean; isError: boolean };
  value: number | undefined;
  failure: string;
};

function StatTile({ id, label, icon, query, value, failure }: TileProps) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Group wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <div>
          <Text size="sm" c="dimmed" id={id}>
            {label}
          </Text>
          {query.isPending ? (
            <Skeleton h={28} w={80} mt={4} />
          ) : query.isError || value === undefined ? (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          ) : (
            <Text fz={28} fw={700} lh={1.2}>
              {formatNumber(value)}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

function CreditBalanceTile() {
  const { t } = useTranslation();
  const credit = useCreditPoints();
  return (
    <StatTile
      id="credit-balance-label"
      label={t('dashboard.creditBalance')}
      icon={<IconCoins size={28} />}
      query={credit}
      value={credit.data?.credit_point}
      failure={t('dashboard.creditFailed')}
    />
  );
}

function ResellersCountTile() {
  const { t } = useTranslation();
  const count = useResellersCount();
  return (
    <StatTile
      id="resellers-count-label"
      label={t('dashboard.totalResellers')}
      icon={<IconUsers size={28} />}
      query={count}
      value={count.data?.meta.total}
      failure={t('dashboard.resellersCountFailed')}
    />
  );
}

function CreditSharedTile() {
  const { t } = useTranslation();
  const shared = useTotalCreditPoints();
  return (
    <StatTile
      id="credit-shared-label"
      label={t('dashboard.totalCreditShared')}
      icon={<IconShare size={28} />}
      query={shared}
      value={shared.data?.data.total_credit_points}
      failure={t('dashboard.totalCreditFailed')}
    />
  );
}
