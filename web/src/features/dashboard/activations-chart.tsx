import { useState } from 'react';
import { Card, Center, Chip, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_CHART_DAYS } from '@panel/contract';
import { ApiError } from '../../api/client';
import { PieChart } from '../../components/pie-chart';
import { useActivationDashboard } from './get-activation-dashboard';

/** One colour per module, kept when others are hidden so a slice never changes colour. */
const COLORS = ['blue.7', 'teal.7', 'orange.7', 'grape.7', 'red.7', 'cyan.7', 'lime.7', 'pink.7', 'indigo.7', 'yellow.7', 'violet.7', 'green.7'];

/**
 * The dashboard's pie chart (core-panel.md §2): activations per module over the last month.
 * Clicking a slice or a module's chip hides that module; its chip, unchecked, shows it again.
 */
export function ActivationsChart() {
  const { t } = useTranslation();
  const stats = useActivationDashboard();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());

  // A caller who may not read the chart does not see an empty card.
  if (stats.error instanceof ApiError && stats.error.status === 403) return null;

  const modules = (stats.data?.data.UserActiTranLogs ?? [])
    .filter((entry) => entry.value > 0)
    .map((entry, index) => ({ ...entry, color: COLORS[index % COLORS.length]! }));
  const shown = modules.filter((entry) => !hidden.has(entry.name));
  const total = shown.reduce((sum, entry) => sum + entry.value, 0);
  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });

  let body;
  if (stats.isPending) body = <Skeleton h={220} aria-label={t('dashboard.chart.loading')} />;
  else if (stats.isError) {
    body = (
      <Text c="red" size="sm" role="alert">
        {t('dashboard.chart.failed')}
      </Text>
    );
  } else if (modules.length === 0) {
    body = (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        {t('dashboard.chart.empty', { count: DASHBOARD_CHART_DAYS })}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        <Center mih={220}>
          {shown.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('dashboard.chart.allHidden')}
            </Text>
          ) : (
            <PieChart
              data={shown}
              size={200}
              label={t('dashboard.chart.summary', { count: total })}
              // A click on a slice is the mouse's shortcut; the chips below do the same by keyboard.
              onSliceClick={toggle}
            />
          )}
        </Center>
        <Group gap="xs" justify="center" role="group" aria-label={t('dashboard.chart.modules')}>
          {modules.map((entry) => (
            <Chip key={entry.name} color={entry.color} checked={!hidden.has(entry.name)} onChange={() => toggle(entry.name)} size="sm">
              {`${entry.name} (${entry.value})`}
            </Chip>
          ))}
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="activations-chart-title">
      <Stack gap="sm">
        <div>
          <Text fw={600} id="activations-chart-title">
            {t('dashboard.chart.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('dashboard.chart.hint', { count: DASHBOARD_CHART_DAYS })}
          </Text>
        </div>
        {body}
      </Stack>
    </Card>
  );
}
