import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { PHONE_QUERY } from '../../lib/phone';
import type { InsightRange } from './get-insight-activations';
import { useInsightRefusals } from './get-insight-refusals';
import { InsightCard, type InsightColumn, type InsightView } from './insight-card';
import type { InsightsRefusals } from '@panel/contract';

type Row = InsightsRefusals['reasons'][number];

/** The refused activations of the range by reason, as horizontal bars (the reasons' names read along them). */
export function RefusalsCard({ range }: { range: InsightRange }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const answer = useInsightRefusals(range);
  const [view, setView] = useState<InsightView>('chart');
  // Most frequent first: the chart and the table read the same order.
  const rows = [...(answer.data?.data.reasons ?? [])].sort((a, b) => b.count - a.count);
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  const reasonName = (reason: string) => t(`insights.refusal.${reason}`);

  const columns: InsightColumn<Row>[] = [
    { key: 'reason', header: t('insights.refusals.reason'), cell: (r) => reasonName(r.reason), csv: (r) => reasonName(r.reason) },
    { key: 'count', header: t('insights.refusals.count'), cell: (r) => formatNumber(r.count), csv: (r) => String(r.count) },
  ];

  return (
    <InsightCard
      id="insights-refusals"
      title={t('insights.refusals.title')}
      description={t('insights.refusals.hint')}
      query={answer}
      failure={t('insights.refusals.failed')}
      empty={answer.data && total === 0 ? t('insights.refusals.empty') : undefined}
      view={view}
      onViewChange={setView}
      chart={
        <Box role="img" aria-label={t('insights.refusals.chartLabel', { count: total, amount: formatNumber(total) })}>
          <BarChart
            h={Math.max(160, rows.length * 44)}
            data={rows.map((r) => ({ reason: reasonName(r.reason), count: r.count }))}
            dataKey="reason"
            orientation="vertical"
            series={[{ name: 'count', label: t('insights.refusals.count'), color: 'red.6' }]}
            valueFormatter={(value) => formatNumber(value)}
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={{ width: phone ? 110 : 190 }}
            gridAxis="x"
            barChartProps={{ accessibilityLayer: false }}
            tooltipAnimationDuration={0}
          />
        </Box>
      }
      columns={columns}
      rows={rows}
      rowKey={(r) => r.reason}
      filename={`insights-refusals-${range.from}_${range.to}.csv`}
    />
  );
}
