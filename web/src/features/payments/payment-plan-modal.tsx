import { useState } from 'react';
import { Alert, Button, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLAN_TITLE_MAX_LENGTH,
  paymentPlanBody,
  type PaymentPlan,
  type PaymentPlanInput,
} from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { applyServerErrors, isMessageKey, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { useAddPaymentPlan } from './add-payment-plan';
import { paymentFailureMessage } from './payment-errors';
import { useUpdatePaymentPlan } from './update-payment-plan';

type Field = keyof PaymentPlanInput;

type Props = {
  /** The plan being edited; none adds a new one. */
  plan?: PaymentPlan;
  onClose: () => void;
};

const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

const MAX: Partial<Record<Field, number>> = { title: PLAN_TITLE_MAX_LENGTH, description: PLAN_DESCRIPTION_MAX_LENGTH };

/**
 * Add or edit a payment plan (business-panel.md §3, §5): title, price, credit points and
 * description, all required; the price digits with at most one dot and two decimals, the points
 * a whole number. The contract's schema checks them here as the server does, so the messages are
 * the server's. Mounted fresh for each opening, so it always starts from the plan's values.
 */
export function PaymentPlanModal({ plan, onClose }: Props) {
  const { t } = useTranslation();
  const add = useAddPaymentPlan();
  const update = useUpdatePaymentPlan();
  const saving = add.isPending || update.isPending;
  const [failure, setFailure] = useState<string>();
  // Price and points stay the typed text: "12.345" must reach the rules as typed, not rounded by a number input.
  const form = useZodForm<PaymentPlanInput>(paymentPlanBody, {
    initialValues: {
      title: plan?.title ?? '',
      price: plan?.price ?? '',
      credit_points: plan ? String(plan.credit_points) : '',
      description: plan?.description ?? '',
    },
  });
  const titleLimit = useTextLimit(form.values.title, PLAN_TITLE_MAX_LENGTH);
  const descriptionLimit = useTextLimit(form.values.description, PLAN_DESCRIPTION_MAX_LENGTH);

  // Contract rules answer message keys; the server's 422 messages arrive as sentences already.
  const errorText = (field: Field) => {
    const message: unknown = form.errors[field];
    if (typeof message !== 'string' || message === '') return undefined;
    if (!isMessageKey(message)) return message;
    return t(message, { field: t(`paymentPlans.fieldNames.${field}`), max: MAX[field] ?? '' });
  };

  const close = () => {
    if (!saving) onClose();
  };

  const submit = form.onSubmit((values) => {
    setFailure(undefined);
    // The values passed the schema: parsing gives the body as the server reads it (trimmed, points a number).
    const body = paymentPlanBody.parse(values);
    const handlers = {
      onSuccess: (answer: { msg: string }) => {
        showSuccess(answer.msg || t(plan ? 'paymentPlans.updated' : 'paymentPlans.added'));
        onClose();
      },
      // Field messages under their inputs, other failures inside the modal.
      onError: (error: unknown) => {
        shownWhereItHappened(error);
        if (applyServerErrors(form, error)) return;
        setFailure(paymentFailureMessage(error, plan ? 'paymentPlans.errors.updateFailed' : 'paymentPlans.errors.addFailed'));
      },
    };
    if (plan) update.mutate({ id: plan.id, body }, handlers);
    else add.mutate(body, handlers);
  });

  return (
    <Modal
      opened
      onClose={close}
      title={t(plan ? 'paymentPlans.editTitle' : 'paymentPlans.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('paymentPlans.fields.title')}
            required
            data-autofocus
            {...form.getInputProps('title')}
            description={titleLimit.description}
            inputWrapperOrder={titleLimit.inputWrapperOrder}
            error={titleLimit.error ?? errorText('title')}
          />
          {/* Both have a hint, under the input: the two inputs side by side stay on one line whatever the hints' lengths. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={t('paymentPlans.fields.price')}
              description={t('paymentPlans.fields.priceHint')}
              inputWrapperOrder={HINT_BELOW}
              required
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              {...form.getInputProps('price')}
              error={errorText('price')}
            />
            <TextInput
              label={t('paymentPlans.fields.creditPoints')}
              description={t('paymentPlans.fields.creditPointsHint')}
              inputWrapperOrder={HINT_BELOW}
              required
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              {...form.getInputProps('credit_points')}
              error={errorText('credit_points')}
            />
          </SimpleGrid>
          <Textarea
            label={t('paymentPlans.fields.description')}
            required
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
            description={descriptionLimit.description}
            inputWrapperOrder={descriptionLimit.inputWrapperOrder}
            error={descriptionLimit.error ?? errorText('description')}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <FormActions form={form}>
            <Button variant="default" onClick={close} disabled={saving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
