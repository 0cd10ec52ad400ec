import { Alert, Anchor, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { SandboxOutcome } from '@panel/contract';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { toastError, toastWarning } from '../../components/toast';
import { formatMoney, formatNumber } from '../../lib/format';
import { BillingStatusBadge } from './billing-status-badge';
import { useSandboxOrder } from './get-sandbox-order';
import { paymentFailureMessage } from './payment-errors';
import { useSendSandboxOutcome } from './send-sandbox-outcome';

/** How each outcome's answer is told: a paid order in green, a failed one in red, a cancelled one in orange. */
const OUTCOME_TOAST: Record<SandboxOutcome, (message: string) => void> = {
  paid: showSuccess,
  failed: (message) => toastError(message),
  cancelled: toastWarning,
};

function BackToBilling() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/billing">
      {t('checkout.backToBilling')}
    </Anchor>
  );
}

/**
 * The built-in checkout (DESIGN.md §1: the sandbox payment provider's page; purchase-package):
 * the order's plan, points and price, and Pay, Fail and Cancel, which decide it as a card
 * provider would. Then the billing records, with the server's sentence. An order no longer
 * pending only shows its status.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orderId = '' } = useParams();
  const order = useSandboxOrder(orderId);
  const outcome = useSendSandboxOutcome();

  const decide = (choice: SandboxOutcome) =>
    outcome.mutate(
      { orderId, outcome: choice },
      {
        onSuccess: (answer) => {
          OUTCOME_TOAST[choice](answer.msg);
          void navigate('/billing');
        },
        // Refused (the order was decided meanwhile): the reason, and the order shown as it now is.
        onError: (error) => {
          toastError(paymentFailureMessage(error, 'checkout.errors.outcomeFailed'));
          shownWhereItHappened(error);
        },
      },
    );

  if (order.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (order.isError) {
    return (
      <Stack align="flex-start">
        <Alert color="red" variant="light" role="alert" w="100%">
          {paymentFailureMessage(order.error, 'checkout.errors.loadFailed')}
        </Alert>
        <BackToBilling />
      </Stack>
    );
  }

  const { data } = order.data;
  const pending = data.status === 'pending';
  const busy = outcome.isPending || outcome.isSuccess;
  const button = (choice: SandboxOutcome) => ({
    onClick: () => decide(choice),
    loading: busy && outcome.variables?.outcome === choice,
    disabled: busy && outcome.variables?.outcome !== choice,
  });

  return (
    <Card withBorder padding="lg" maw={520} w="100%" aria-labelledby="checkout-plan">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('checkout.intro')}
        </Text>
        <Title order={2} size="h3" id="checkout-plan" style={{ overflowWrap: 'anywhere' }}>
          {data.plan_title}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('checkout.price')}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {formatMoney(data.amount, data.currency)}
            </Text>
          </div>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('checkout.creditPoints')}
            </Text>
            <Text component="dd" m={0} fz="xl" fw={700}>
              {formatNumber(data.credit_point)}
            </Text>
          </div>
        </SimpleGrid>
        {pending ? (
          <>
            <Text size="sm">{t('checkout.sandboxNote')}</Text>
            <Group gap="sm">
              <Button color="green" leftSection={<IconCheck size={16} aria-hidden />} {...button('paid')}>
                {t('checkout.pay')}
              </Button>
              <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} {...button('failed')}>
                {t('checkout.fail')}
              </Button>
              <Button variant="default" {...button('cancelled')}>
                {t('checkout.cancel')}
              </Button>
            </Group>
          </>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Group gap="xs">
              <Text size="sm">{t('checkout.closed')}</Text>
              <BillingStatusBadge status={data.status} />
            </Group>
            <BackToBilling />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
