import { useState } from 'react';
import { Box, Card, Chip, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INSIGHT_INTERVALS, INSIGHTS_MAX_RANGE_DAYS, type InsightInterval } from '@panel/contract';
import { DateRangeInput } from '../../components/date-range-input';
import { ActivationsCards } from './activations-card';
import { DEFAULT_PRESET, presetRange, RANGE_PRESETS, utcToday } from './insight-periods';
import { RefusalsCard } from './refusals-card';
import { RenewalsCard } from './renewals-card';
import { RunwayCard } from './runway-card';
import { SalesCard } from './sales-card';
import { session } from '../../lib/session';
import '@mantine/charts/styles.css';

/**
 * Insights (issue 27): the figures of the caller's account and its tree (the admin: every
 * account): activations and credits over a chosen range (a preset or two days, at most a year)
 * per day, week or month; the renewals to come; each sub-reseller's runway; the refusals by
 * reason. Loaded only when opened: the charts' library is in this screen's chunk alone.
 */
export function InsightsPage() {
  const { t } = useTranslation();
  const today = utcToday();
  const [range, setRange] = useState(() => presetRange(DEFAULT_PRESET, today));
  const [preset, setPreset] = useState<string>(String(DEFAULT_PRESET));
  const [interval, setPeriodInterval] = useState<InsightInterval>('day');

  const choosePreset = (value: string) => {
    setPreset(value);
    setRange(presetRange(Number(value), today));
  };
  const pickRange = (from: string, to: string) => {
    // A cleared picker keeps the last range: the screen always shows one.
    if (!from || !to) return;
    setPreset('');
    setRange({ from, to });
  };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('insights.intro')}
      </Text>
      <Card withBorder padding="md" component="section" aria-label={t('insights.filters')}>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap={6}>
            <Text size="sm" fw={500} id="insights-presets-label">
              {t('insights.presets.label')}
            </Text>
            <Chip.Group multiple={false} value={preset} onChange={choosePreset}>
              <Group gap="xs" role="radiogroup" aria-labelledby="insights-presets-label">
                {RANGE_PRESETS.map((days) => (
                  <Chip key={days} value={String(days)} size="sm">
                    {days === 365 ? t('insights.presets.year') : t('insights.presets.days', { count: days })}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Box w={{ base: '100%', xs: 300 }}>
            <DateRangeInput
              label={t('insights.range')}
              start={range.from}
              end={range.to}
              onChange={pickRange}
              clearable={false}
              maxDays={INSIGHTS_MAX_RANGE_DAYS}
              maxDate={today}
            />
          </Box>
          <Stack gap={6}>
            <Text size="sm" fw={500} id="insights-interval-label">
              {t('insights.interval.label')}
            </Text>
            <SegmentedControl
              value={interval}
              onChange={(value) => setPeriodInterval(value)}
              aria-labelledby="insights-interval-label"
              data={INSIGHT_INTERVALS.map((value) => ({ value, label: t(`insights.interval.${value}`) }))}
            />
          </Stack>
        </Group>
      </Card>
      <ActivationsCards params={{ ...range, interval }} />
      <RenewalsCard />
      <RefusalsCard range={range} />
      {session.has('storefront') && <SalesCard range={range} />}
      <RunwayCard />
    </Stack>
  );
}
