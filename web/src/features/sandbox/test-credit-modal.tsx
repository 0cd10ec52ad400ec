import { Button, Modal, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEST_CREDIT_MAX, testCreditBody, type TestCreditBody } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { MoneySummary } from '../../components/money-summary';
import { formatNumber } from '../../lib/format';
import { useAddTestCredit } from './add-test-credit';

/**
 * "Add test credit" (issue 11): 1 to 1,000,000 points for the caller's sandbox balance, checked
 * by the contract's rule as the server checks it. Mounted fresh for each opening.
 */
export function TestCreditModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const add = useAddTestCredit();
  const form = useZodForm<{ credit_points: number | string }, TestCreditBody>(testCreditBody, {
    initialValues: { credit_points: '' },
    errorTexts: { fallback: t('mode.testCredit.failed') },
  });

  const close = () => {
    if (!add.isPending) onClose();
  };

  const send = form.submit((body) =>
    add.mutate(body.credit_points, {
      onSuccess: (answer) => {
        showSuccess(answer.msg || t('mode.testCredit.added'));
        onClose();
      },
      onError: form.fail,
    }),
  );
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    // React events bubble through portals: a screen's own form must not see this one's submit.
    event.stopPropagation();
    send(event);
  };

  const typed = testCreditBody.safeParse(form.values).data?.credit_points;
  return (
    <Modal opened onClose={close} title={t('mode.testCredit.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <NumberInput
            label={t('mode.testCredit.points')}
            description={t('mode.testCredit.hint', { max: formatNumber(TEST_CREDIT_MAX) })}
            required
            data-autofocus
            min={1}
            max={TEST_CREDIT_MAX}
            // Kept as typed: a negative, zero, fractional or too large amount is explained by the rule's message, never changed.
            clampBehavior="none"
            dir="ltr"
            {...form.getInputProps('credit_points')}
            error={errorText(form.errors.credit_points, 'credit_points')}
          />
          {typed !== undefined && <MoneySummary move="testCredit" points={typed} adds />}
          <FormAlert form={form} />
          <FormActions form={form}>
            <Button variant="default" onClick={close} disabled={add.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('mode.testCredit.submit')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
