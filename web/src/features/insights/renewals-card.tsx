import { Alert, Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { saveDownload } from '../../api/client';
import { csvBlob } from '../../lib/csv';
import { formatNumber, formatPercent } from '../../lib/format';
import { useInsightRenewals } from './get-insight-renewals';
import { CsvButton, InsightSection } from './insight-card';
import { INSIGHT_EXPIRY_HORIZONS, type InsightsRenewals } from '@panel/contract';

const HORIZONS = INSIGHT_EXPIRY_HORIZONS;

/** The renewals' CSV: one line per horizon (devices expiring, credits needed), then the renewal rate. */
export function renewalsCsvRows(data: InsightsRenewals, t: (key: string) => string): string[][] {
  return [
    [t('insights.renewals.csv.measure'), t('insights.renewals.csv.value')],
    ...HORIZONS.flatMap((d) => [
      [t(`insights.renewals.csv.expiring${d}`), String(data.expiring[`days_${d}`])],
      [t(`insights.renewals.csv.credits${d}`), String(data.credits_needed[`days_${d}`])],
    ]),
    [t('insights.renewals.csv.renewed'), String(data.renewal_rate.renewed)],
    [t('insights.renewals.csv.expired'), String(data.renewal_rate.expired)],
    [t('insights.renewals.csv.rate'), data.renewal_rate.rate === null ? '' : String(data.renewal_rate.rate)],
  ];
}

function Stat({ id, label, value, detail }: { id: string; label: string; value: string; detail: string }) {
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={id}>
      <Text size="sm" c="dimmed" id={id}>
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}

/**
 * Renewals to come: the devices whose paid time ends within 7, 30 and 90 days and the credits
 * their renewals need at the renewal rate, and that rate (renewed within 30 days of expiry, over
 * the last 90 days).
 */
export function RenewalsCard() {
  const { t } = useTranslation();
  const answer = useInsightRenewals();
  const data = answer.data?.data;

  let body;
  if (answer.isPending) body = <Skeleton h={110} aria-label={t('insights.loading', { name: t('insights.renewals.title') })} />;
  else if (answer.isError || !data) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('insights.renewals.failed')}
      </Alert>
    );
  } else {
    const rate = data.renewal_rate;
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {HORIZONS.map((d) => (
          <Stat
            key={d}
            id={`insights-expiring-${d}`}
            label={t('insights.renewals.expiring', { count: d })}
            value={formatNumber(data.expiring[`days_${d}`])}
            detail={t('insights.renewals.creditsNeeded', { count: data.credits_needed[`days_${d}`], amount: formatNumber(data.credits_needed[`days_${d}`]) })}
          />
        ))}
        <Stat
          id="insights-renewal-rate"
          label={t('insights.renewals.rate')}
          value={rate.rate === null ? '—' : formatPercent(rate.rate)}
          detail={
            rate.rate === null
              ? t('insights.renewals.rateNone')
              : t('insights.renewals.rateDetail', { count: rate.expired, renewed: formatNumber(rate.renewed), amount: formatNumber(rate.expired) })
          }
        />
      </SimpleGrid>
    );
  }

  return (
    <InsightSection
      id="insights-renewals"
      title={t('insights.renewals.title')}
      description={t('insights.renewals.hint')}
      actions={<CsvButton name={t('insights.renewals.title')} disabled={!data} onClick={() => data && saveDownload({ blob: csvBlob(renewalsCsvRows(data, t)), filename: 'insights-renewals.csv' })} />}
    >
      {body}
    </InsightSection>
  );
}
