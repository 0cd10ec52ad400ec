import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeDisplayState, LIFETIME_EXPIRY, type ActivationCode, type CodeDisplayState } from '@panel/contract';
import { formatRecordDay } from '../../lib/format';
import { StatusBadge } from '../../components/status-badge';

const STATE_COLORS: Record<CodeDisplayState, string> = { expired: 'red', inactive: 'gray', active: 'green' };

/** §4: Expired, Inactive or Active. */
export function CodeStateBadge({ code }: { code: ActivationCode }) {
  const { t } = useTranslation();
  const state = codeDisplayState(code);
  return <StatusBadge color={STATE_COLORS[state]}>{t(`activationCodes.states.${state}`)}</StatusBadge>;
}

/** A lifetime code carries LIFETIME_EXPIRY: it reads "Lifetime", any other expiry as a date. */
export function useCodeExpiry() {
  const { t } = useTranslation();
  return (code: ActivationCode) =>
    code.type === 'lifetime' || code.expire_date === LIFETIME_EXPIRY ? t('activationCodes.lifetime') : formatRecordDay(code.expire_date);
}

/** A code value as the panel shows it: digits in a fixed-width font, always left to right. */
export function CodeValue({ value }: { value: string }) {
  return (
    <Text component="span" size="sm" ff="monospace" dir="ltr" fw={600}>
      {value}
    </Text>
  );
}

/** §8, Code actions: a refusal in a dialog that must be acknowledged. */
export function ErrorDialog({ message, onClose }: { message: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={message !== undefined} onClose={onClose} title={t('common.error')} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      <Text role="alert" mb="lg">
        {message}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('activationCodes.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
