import { useEffect, useState } from 'react';
import { ActionIcon, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconPencil, IconPlus, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PaymentPlan } from '@panel/contract';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MoneySummary } from '../../components/money-summary';
import { toastError } from '../../components/toast';
import { formatMoney, formatNumber } from '../../lib/format';
import { session } from '../../lib/session';
import { useDeletePaymentPlan } from './delete-payment-plan';
import { usePaymentPlans } from './get-payment-plans';
import { leaveForPayment } from './leave-for-payment';
import { paymentFailureMessage } from './payment-errors';
import { PaymentPlanModal } from './payment-plan-modal';
import { usePurchasePackage } from './purchase-package';
import { CardGrid } from '../../components/card-grid';

/** The open add or edit modal; it mounts with each opening, so it starts from the plan's values. */
type Editor = { plan?: PaymentPlan };

/**
 * Payment plans (business-panel.md §2; add-plan, edit-delete-plan or purchase-package, checked by
 * the route guard): the plans as cards with title, credit points, description and price in
 * euros. Purchase Package opens an order and sends the browser to its payment page; adding,
 * editing and deleting each need their permission, which the server checks again.
 */
export function PaymentPlansPage() {
  const { t } = useTranslation();
  const plans = usePaymentPlans();
  const remove = useDeletePaymentPlan();
  const purchase = usePurchasePackage();
  const [editor, setEditor] = useState<Editor>();
  const [deleting, setDeleting] = useState<PaymentPlan>();
  const [buyingPlan, setBuyingPlan] = useState<PaymentPlan>();
  const can = { add: session.has('add-plan'), manage: session.has('edit-delete-plan'), purchase: session.has('purchase-package') };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (answer) => showSuccess(answer.msg || t('paymentPlans.deleted')),
      onError: (error) => {
        toastError(paymentFailureMessage(error, 'paymentPlans.errors.deleteFailed'));
        shownWhereItHappened(error);
      },
      onSettled: () => setDeleting(undefined),
    });
  };

  const buy = (plan: PaymentPlan) =>
    purchase.mutate(plan.id, {
      onSuccess: (answer) => leaveForPayment(answer.data.orderUrl),
      onError: (error) => {
        toastError(paymentFailureMessage(error, 'paymentPlans.errors.purchaseFailed'));
        shownWhereItHappened(error);
      },
      onSettled: () => setBuyingPlan(undefined),
    });
  // From the click until the browser has left for the payment page, one order at a time.
  const leaving = purchase.isPending || purchase.isSuccess;
  const { reset } = purchase;
  useEffect(() => {
    // Back from the payment page, the browser may show this page from its cache as it was left: busy.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [reset]);
  const buying = (plan: PaymentPlan) => leaving && purchase.variables === plan.id;

  const content = (
    <CardGrid
      items={plans.data?.data}
      pending={plans.isPending}
      failure={plans.isError ? paymentFailureMessage(plans.error, 'paymentPlans.errors.loadFailed') : undefined}
      emptyText={t('paymentPlans.empty')}
      label={t('paymentPlans.list')}
      renderCard={(plan) => (
      <Card key={plan.id} withBorder padding="lg" role="listitem" aria-labelledby={`payment-plan-${plan.id}`}>
        <Stack gap="xs" style={{ flex: 1 }}>
          <Title order={2} size="h4" id={`payment-plan-${plan.id}`} style={{ overflowWrap: 'anywhere' }}>
            {plan.title}
          </Title>
          <Text fz={28} fw={700} lh={1.2}>
            {formatMoney(plan.price, plan.currency)}
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconCoins size={18} aria-hidden color="var(--mantine-primary-color-filled)" style={{ flexShrink: 0 }} />
            <Text fw={600}>
              {t('paymentPlans.creditPoints', { count: plan.credit_points, amount: formatNumber(plan.credit_points) })}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', flex: 1 }}>
            {plan.description}
          </Text>
          <Group justify="space-between" mt="sm" gap="xs">
            {can.purchase ? (
              <Button
                leftSection={<IconShoppingCart size={16} aria-hidden />}
                onClick={() => setBuyingPlan(plan)}
                loading={buying(plan)}
                disabled={leaving && !buying(plan)}
                aria-label={t('paymentPlans.purchaseOf', { name: plan.title })}
              >
                {t('paymentPlans.purchase')}
              </Button>
            ) : (
              <span />
            )}
            {can.manage && (
              <Group gap={4}>
                <ActionIcon variant="subtle" onClick={() => setEditor({ plan })} aria-label={t('paymentPlans.editOf', { name: plan.title })}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(plan)} aria-label={t('paymentPlans.deleteOf', { name: plan.title })}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Stack>
      </Card>
      )}
    />
  );

  return (
    <Stack>
      {can.add && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditor({})}>
            {t('paymentPlans.add')}
          </Button>
        </Group>
      )}
      {content}
      {editor && <PaymentPlanModal plan={editor.plan} onClose={() => setEditor(undefined)} />}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('paymentPlans.deleteTitle')}
        message={t('paymentPlans.deleteConfirm', { name: deleting?.title ?? '' })}
        confirmLabel={t('paymentPlans.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(undefined)}
      />
      <ConfirmDialog
        opened={buyingPlan !== undefined}
        title={t('paymentPlans.purchaseTitle')}
        message={t('paymentPlans.purchaseConfirm', { name: buyingPlan?.title ?? '' })}
        summary={
          buyingPlan && (
            <MoneySummary move="planPurchase" points={buyingPlan.credit_points} price={formatMoney(buyingPlan.price, buyingPlan.currency)} adds />
          )
        }
        confirmLabel={t('paymentPlans.purchase')}
        color="blue"
        loading={leaving}
        onConfirm={() => buyingPlan && buy(buyingPlan)}
        onClose={() => setBuyingPlan(undefined)}
      />
    </Stack>
  );
}
