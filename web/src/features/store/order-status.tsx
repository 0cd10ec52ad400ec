import { Alert, Code, CopyButton, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconClock, IconCopy, IconCreditCard, IconHourglass, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicStoreOrder, StoreOrderStatus } from '@panel/contract';
import { formatRecordDay } from '../../lib/format';

const LOOK: Record<StoreOrderStatus, { color: string; icon: typeof IconCheck }> = {
  pending_payment: { color: 'blue', icon: IconCreditCard },
  awaiting_approval: { color: 'blue', icon: IconClock },
  waiting_credit: { color: 'teal', icon: IconHourglass },
  activated: { color: 'green', icon: IconCircleCheck },
  failed: { color: 'red', icon: IconAlertTriangle },
  rejected: { color: 'red', icon: IconX },
};

/** How to pay a manual order, in the reseller's own words: kept as typed (line breaks, a PIX key), with a copy button. */
export function PaymentInstructions({ instructions, accent }: { instructions: string; accent: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="store-instructions">
      <Title order={2} size="h4" id="store-instructions">
        {t('store.instructions.title')}
      </Title>
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}>
        {instructions}
      </Code>
      <CopyButton value={instructions} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            color={copied ? 'teal' : accent}
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {copied ? t('store.instructions.copied') : t('store.instructions.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/**
 * Where the order stands, in words: a live region, so a change the page polls in (paid, activated)
 * is read out without the reader looking for it.
 */
export function OrderStatus({ order }: { order: PublicStoreOrder }) {
  const { t } = useTranslation();
  const { color, icon: StatusIcon } = LOOK[order.status];
  let text: string;
  switch (order.status) {
    case 'activated':
      text = order.is_lifetime || !order.expires_at ? t('store.status.activatedLifetime') : t('store.status.activatedUntil', { date: formatRecordDay(order.expires_at) });
      break;
    case 'failed':
      text = order.reason ? t('store.status.failedReason', { reason: order.reason }) : t('store.status.failedText');
      break;
    case 'rejected':
      text = order.reason ? t('store.status.rejectedReason', { reason: order.reason }) : t('store.status.rejectedText');
      break;
    default:
      text = t(`store.status.${order.status}Text`);
  }
  return (
    <Alert variant="light" color={color} icon={<StatusIcon size={22} aria-hidden />} title={t(`store.status.${order.status}`)} role="status" aria-live="polite">
      <Stack gap={4}>
        <Text size="sm">{text}</Text>
        {order.status === 'failed' && <Text size="sm" fw={600}>{t('store.status.refund')}</Text>}
      </Stack>
    </Alert>
  );
}
