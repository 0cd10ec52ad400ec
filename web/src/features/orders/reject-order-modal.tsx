import { useId } from 'react';
import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REJECT_REASON_MAX, rejectStoreOrderBody, type StoreOrder } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { useTextLimit } from '../../components/text-limit';
import { showSuccess } from '../../lib/feedback';
import { useRejectOrder } from './order-actions';

/** Reject a manual order: the reason is required, and the customer reads it on the order's page. */
export function RejectOrderModal({ order, onClose }: { order: StoreOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorText();
  const reject = useRejectOrder();
  const form = useZodForm(rejectStoreOrderBody, { initialValues: { reason: '' } });
  const limit = useTextLimit(form.values.reason, REJECT_REASON_MAX);

  const submit = form.submit((body) =>
    reject.mutate(
      { id: order.id, body },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          onClose();
        },
        onError: form.fail,
      },
    ),
  );

  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={<span id={titleId}>{t('orders.reject.title', { id: order.id })}</span>}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack>
          <Text size="sm">{t('orders.reject.message', { mac: order.mac_address, product: order.product.name })}</Text>
          <FormAlert form={form} />
          <Textarea
            label={t('orders.reject.reason')}
            withAsterisk
            rows={3}
            data-autofocus
            {...form.getInputProps('reason')}
            description={limit.description}
            inputWrapperOrder={limit.inputWrapperOrder}
            error={limit.error ?? errorText(form.errors.reason, 'reason', { max: REJECT_REASON_MAX, label: t('orders.reject.reason') })}
          />
          <FormActions form={form}>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('orders.reject.confirm')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
