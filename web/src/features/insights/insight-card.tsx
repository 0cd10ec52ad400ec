import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveDownload } from '../../api/client';
import { csvBlob } from '../../lib/csv';

/** A column of a card's table: the cell as the screen shows it, and as the CSV writes it (plain numbers, yyyy-mm-dd days). */
export type InsightColumn<Row> = { key: string; header: string; cell: (row: Row) => ReactNode; csv: (row: Row) => string };

export type InsightView = 'chart' | 'table';

/** The CSV of a table: its headers, then one line per row with each column's plain value. */
export function insightCsvRows<Row>(columns: readonly InsightColumn<Row>[], rows: readonly Row[]): string[][] {
  return [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.csv(row)))];
}

/** "Download CSV" of one insight, named after it for screen readers. */
export function CsvButton({ name, onClick, disabled, loading }: { name: string; onClick: () => void; disabled: boolean; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} onClick={onClick} disabled={disabled} loading={loading} aria-label={t('insights.downloadNamed', { name })}>
      {t('insights.download')}
    </Button>
  );
}

/** The frame of every insight: a section named by its h2 title, its hint, its controls beside them, then its body. */
export function InsightSection({ id, title, description, actions, children }: { id: string; title: string; description?: string; actions: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box>
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </Box>
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

type Props<Row> = {
  id: string;
  title: string;
  description?: string;
  /** The query behind the card: a skeleton while it loads, `failure` when it failed. */
  query: { isPending: boolean; isError: boolean };
  failure: string;
  /** Shown instead of the chart and the table when there is nothing to draw. */
  empty?: string;
  view: InsightView;
  onViewChange: (view: InsightView) => void;
  /** The picture: a chart that the table states again in words and numbers. */
  chart: ReactNode;
  columns: InsightColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The downloaded file's name. */
  filename: string;
  /** Controls of the card's own (the by application / by package switch), beside the view switch. */
  controls?: ReactNode;
};

/**
 * One insight: its h2 title, the chart or (the Table switch) the same figures as a table, and
 * "Download CSV" of that table. The table is also what a screen reader reads: the chart itself
 * is one image named by its summary.
 */
export function InsightCard<Row>({ id, title, description, query, failure, empty, view, onViewChange, chart, columns, rows, rowKey, filename, controls }: Props<Row>) {
  const { t } = useTranslation();
  const ready = !query.isPending && !query.isError;
  const download = () => saveDownload({ blob: csvBlob(insightCsvRows(columns, rows)), filename });

  let body: ReactNode;
  if (query.isPending) body = <Skeleton h={260} aria-label={t('insights.loading', { name: title })} />;
  else if (query.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {failure}
      </Alert>
    );
  } else if (empty) {
    body = (
      <Text c="dimmed" size="sm" ta="center" py="xl">
        {empty}
      </Text>
    );
  } else if (view === 'chart') body = chart;
  else {
    body = (
      <Table.ScrollContainer minWidth={0} type="native">
        <Table striped highlightOnHover aria-labelledby={`${id}-title`} style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} scope="col">
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <InsightSection
      id={id}
      title={title}
      description={description}
      actions={
        <>
          {controls}
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(value) => onViewChange(value)}
            aria-label={t('insights.view.label', { name: title })}
            data={[
              { value: 'chart', label: t('insights.view.chart') },
              { value: 'table', label: t('insights.view.table') },
            ]}
          />
          <CsvButton name={title} onClick={download} disabled={!ready || Boolean(empty)} />
        </>
      }
    >
      {body}
    </InsightSection>
  );
}
