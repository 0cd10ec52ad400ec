import { useState } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { InsightActivationsParams } from './get-insight-activations';
import { useInsightActivations } from './get-insight-activations';
import { InsightCard, type InsightColumn, type InsightView } from './insight-card';
import { periodLabel, periodTick } from './insight-periods';
import { INSIGHT_PACKAGES, type InsightsPeriod as InsightPeriod } from '@panel/contract';

/** One colour per application in the answer's order, and one per package: kept in both schemes (Mantine's shade 6). */
const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.6', 'lime.6', 'pink.6', 'indigo.6', 'yellow.6', 'violet.6', 'green.6'];
const PACKAGE_COLORS: Record<string, string> = { '1-Year': 'blue.6', Lifetime: 'grape.6', code: 'orange.6' };

type Split = 'application' | 'package';

const CHART_HEIGHT = 300;
const number = (value: number) => formatNumber(value);

/** Recharts' own keyboard layer off: the chart is one image, its figures are in the table view. */
const PICTURE = { accessibilityLayer: false } as const;

/** The activations of the range, per period, stacked by application or by package; and the credits spent as a line. */
export function ActivationsCards({ params }: { params: InsightActivationsParams }) {
  const { t } = useTranslation();
  const answer = useInsightActivations(params);
  const [split, setSplit] = useState<Split>('application');
  const [activationsView, setActivationsView] = useState<InsightView>('chart');
  const [creditsView, setCreditsView] = useState<InsightView>('chart');

  const data = answer.data?.data;
  const interval = data?.interval ?? params.interval;
  const periods = data?.periods ?? [];
  const applications = data?.applications ?? [];
  const range = `${params.from}_${params.to}`;

  const appKey = (id: number) => `app_${id}`;
  const pkgKey = (pkg: string) => `pkg_${pkg}`;
  const packageName = (pkg: string) => t(`insights.package.${pkg}`);
  const byApplication = (p: InsightPeriod, id: number) => p.by_application.find((a) => a.application_id === id)?.activations ?? 0;

  const chartData = periods.map((p) => ({
    period: periodTick(p.start, interval),
    credits: p.credits,
    ...Object.fromEntries(applications.map((a) => [appKey(a.id), byApplication(p, a.id)])),
    ...Object.fromEntries(INSIGHT_PACKAGES.map((pkg) => [pkgKey(pkg), p.by_package[pkg] ?? 0])),
  }));
  const series =
    split === 'application'
      ? applications.map((a, i) => ({ name: appKey(a.id), label: a.name, color: COLORS[i % COLORS.length]! }))
      : INSIGHT_PACKAGES.map((pkg) => ({ name: pkgKey(pkg), label: packageName(pkg), color: PACKAGE_COLORS[pkg]! }));

  const periodColumn: InsightColumn<InsightPeriod> = {
    key: 'period',
    header: t(`insights.period.${interval}`),
    cell: (p) => periodLabel(p.start, interval),
    csv: (p) => p.start,
  };
  const count = (key: string, header: string, value: (p: InsightPeriod) => number): InsightColumn<InsightPeriod> => ({
    key,
    header,
    cell: (p) => number(value(p)),
    csv: (p) => String(value(p)),
  });
  const activationColumns: InsightColumn<InsightPeriod>[] = [
    periodColumn,
    ...(split === 'application'
      ? applications.map((a) => count(appKey(a.id), a.name, (p) => byApplication(p, a.id)))
      : INSIGHT_PACKAGES.map((pkg) => count(pkgKey(pkg), packageName(pkg), (p) => p.by_package[pkg] ?? 0))),
    count('activations', t('insights.activations.total'), (p) => p.activations),
    count('refunds', t('insights.activations.refunds'), (p) => p.refunds),
  ];
  const creditColumns: InsightColumn<InsightPeriod>[] = [periodColumn, count('credits', t('insights.credits.series'), (p) => p.credits)];

  const totals = data?.totals;
  const nothing = periods.every((p) => p.activations === 0 && p.refunds === 0 && p.credits === 0);

  return (
    <>
      <InsightCard
        id="insights-activations"
        title={t('insights.activations.title')}
        description={totals && t('insights.activations.summary', { count: totals.activations, refunds: number(totals.refunds), amount: number(totals.activations) })}
        query={answer}
        failure={t('insights.activations.failed')}
        empty={data && nothing ? t('insights.activations.empty') : undefined}
        view={activationsView}
        onViewChange={setActivationsView}
        controls={
          <SegmentedControl
            size="xs"
            value={split}
            onChange={(value) => setSplit(value)}
            aria-label={t('insights.split.label')}
            data={[
              { value: 'application', label: t('insights.split.application') },
              { value: 'package', label: t('insights.split.package') },
            ]}
          />
        }
        chart={
          <Box role="img" aria-label={t('insights.activations.chartLabel', { count: totals?.activations ?? 0, amount: number(totals?.activations ?? 0) })}>
            <BarChart
              h={CHART_HEIGHT}
              data={chartData}
              dataKey="period"
              type="stacked"
              series={series}
              valueFormatter={number}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              tickLine="y"
              yAxisProps={{ allowDecimals: false }}
              barChartProps={PICTURE}
              tooltipAnimationDuration={0}
            />
          </Box>
        }
        columns={activationColumns}
        rows={periods}
        rowKey={(p) => p.start}
        filename={`insights-activations-by-${split}-${interval}-${range}.csv`}
      />
      <InsightCard
        id="insights-credits"
        title={t('insights.credits.title')}
        description={totals && t('insights.credits.summary', { count: totals.credits, amount: number(totals.credits) })}
        query={answer}
        failure={t('insights.activations.failed')}
        empty={data && nothing ? t('insights.activations.empty') : undefined}
        view={creditsView}
        onViewChange={setCreditsView}
        chart={
          <Box role="img" aria-label={t('insights.credits.chartLabel', { count: totals?.credits ?? 0, amount: number(totals?.credits ?? 0) })}>
            <LineChart
              h={CHART_HEIGHT}
              data={chartData}
              dataKey="period"
              series={[{ name: 'credits', label: t('insights.credits.series'), color: 'teal.6' }]}
              valueFormatter={number}
              curveType="monotone"
              tickLine="y"
              withDots={periods.length <= 31}
              yAxisProps={{ allowDecimals: false }}
              lineChartProps={PICTURE}
              tooltipAnimationDuration={0}
            />
          </Box>
        }
        columns={creditColumns}
        rows={periods}
        rowKey={(p) => p.start}
        filename={`insights-credits-${interval}-${range}.csv`}
      />
    </>
  );
}
