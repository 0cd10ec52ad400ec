import type { ReactNode } from 'react';
import { Box, Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** Shown under the question: what a money move will do (MoneySummary). */
  summary?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  color?: string;
};

/** A yes/no question before a destructive action; the caller closes it when the action is done. */
export function ConfirmDialog({ opened, title, message, summary, confirmLabel, onConfirm, onClose, loading, color = 'red' }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      <Text mb="lg">{message}</Text>
      {summary && <Box mb="lg">{summary}</Box>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button color={color} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
