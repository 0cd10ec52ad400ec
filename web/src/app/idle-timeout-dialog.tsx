import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function IdleTimeoutDialog({ seconds, onCancel, onLogOutNow }: { seconds: number; onCancel: () => void; onLogOutNow: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onCancel} title={t('session.timeoutTitle')} centered withCloseButton={false}>
      <Text mb="md">{t('session.timeoutMessage', { count: seconds })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onLogOutNow}>
          {t('session.logoutNow')}
        </Button>
      </Group>
    </Modal>
  );
}
