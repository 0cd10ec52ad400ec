import { useState } from 'react';
import { Badge, Button, Group, List, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ResellerRow } from '@panel/contract';
import { actionErrorMessage, statusErrorMessage } from './reseller-errors';
import { removeReseller } from './remove-reseller';
import { runBulk, type BulkOutcome } from './run-bulk';
import { updateResellerStatus } from './update-reseller-status';

export type BulkAction = 'remove' | 'disable' | 'enable';

const tasks: Record<BulkAction, { run: (row: ResellerRow) => Promise<{ msg: string }>; failure: (error: unknown) => string }> = {
  remove: { run: (row) => removeReseller(row.id), failure: actionErrorMessage },
  disable: { run: (row) => updateResellerStatus({ id: row.id, body: { is_disable_by_admin: 1 } }), failure: statusErrorMessage },
  enable: { run: (row) => updateResellerStatus({ id: row.id, body: { is_disable_by_admin: 0 } }), failure: statusErrorMessage },
};

type Props = {
  /** The action to run over `rows`; undefined keeps the dialog closed. */
  action: BulkAction | undefined;
  rows: readonly ResellerRow[];
  onClose: () => void;
  /** Called once the run has finished, with every outcome (the page clears the rows that succeeded). */
  onFinished?: (outcomes: BulkOutcome[]) => void;
};

/**
 * Bulk remove, disable or enable: asks first, then sends one request per selected reseller,
 * showing the progress and, per reseller, whether it worked and the server's message.
 */
export function BulkActionModal({ action, rows, onClose, onFinished }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<'confirm' | 'running' | 'done'>('confirm');
  const [outcomes, setOutcomes] = useState<BulkOutcome[]>([]);

  const start = async () => {
    if (!action) return;
    setPhase('running');
    setOutcomes([]);
    const task = tasks[action];
    const all = await runBulk(
      rows,
      async (row) => (await task.run(row)).msg || t('resellerList.bulk.ok'),
      (row) => row.email,
      task.failure,
      (outcome) => setOutcomes((list) => [...list, outcome]),
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['resellers'] }),
      queryClient.invalidateQueries({ queryKey: ['deleted-resellers'] }),
    ]);
    setPhase('done');
    onFinished?.(all);
  };

  const close = () => {
    if (phase === 'running') return;
    setPhase('confirm');
    setOutcomes([]);
    onClose();
  };

  const succeeded = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - succeeded;
  const percent = rows.length === 0 ? 0 : Math.round((outcomes.length / rows.length) * 100);

  return (
    <Modal
      opened={action !== undefined}
      onClose={close}
      title={action ? t(`resellerList.bulk.${action}Title`) : ''}
      centered
      closeOnClickOutside={phase !== 'running'}
      withCloseButton={phase !== 'running'}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <Stack>
        {phase === 'confirm' ? (
          <Text>{action ? t(`resellerList.bulk.${action}Confirm`, { total: rows.length }) : ''}</Text>
        ) : (
          <>
            <Progress value={percent} aria-label={t('resellerList.bulk.progressLabel')} animated={phase === 'running'} />
            <Text size="sm" aria-live="polite">
              {phase === 'running'
                ? t('resellerList.bulk.progress', { done: outcomes.length, total: rows.length })
                : t('resellerList.bulk.summary', { succeeded, failed })}
            </Text>
            <ScrollArea.Autosize mah={280}>
              <List spacing="xs" listStyleType="none" aria-label={t('resellerList.bulk.results')}>
                {outcomes.map((outcome) => (
                  <List.Item key={outcome.id}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge color={outcome.ok ? 'green' : 'red'} variant="light" miw={80}>
                        {outcome.ok ? t('resellerList.bulk.success') : t('resellerList.bulk.failure')}
                      </Badge>
                      <div>
                        <Text size="sm" fw={600}>
                          {outcome.label}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {outcome.message}
                        </Text>
                      </div>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          {phase === 'confirm' ? (
            <>
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button color={action === 'enable' ? 'green' : 'red'} onClick={() => void start()} disabled={rows.length === 0}>
                {action ? t(`resellerList.bulk.${action}`) : ''}
              </Button>
            </>
          ) : (
            <Button onClick={close} loading={phase === 'running'}>
              {t('resellerList.bulk.close')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
