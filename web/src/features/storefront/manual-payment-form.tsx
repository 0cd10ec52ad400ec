import { Button, Stack, Switch, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MANUAL_INSTRUCTIONS_MAX, manualPaymentInput, type ManualPayment, type Storefront } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { SectionCard } from '../../components/section-card';
import { useTextLimit } from '../../components/text-limit';
import { useSaveManualPayment } from './storefront';

type Values = { enabled: boolean; instructions: string };

/** Manual payment (PIX, bank transfer): what the customer is told, and its orders wait for the reseller's approval. */
export function ManualPaymentForm({ store }: { store: Storefront }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const save = useSaveManualPayment();
  const form = useZodForm<Values, ManualPayment>(manualPaymentInput, {
    initialValues: { enabled: store.manual.enabled, instructions: store.manual.instructions ?? '' },
  });
  const limit = useTextLimit(form.values.instructions, MANUAL_INSTRUCTIONS_MAX);
  const submit = form.submit((body) => save.mutate(body, { onError: form.fail }));

  return (
    <SectionCard title={t('storefront.manual.title')} description={t('storefront.manual.description')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Switch label={t('storefront.manual.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Textarea
            label={t('storefront.manual.instructions')}
            placeholder={t('storefront.manual.placeholder')}
            rows={5}
            {...form.getInputProps('instructions')}
            description={limit.description}
            inputWrapperOrder={limit.inputWrapperOrder}
            error={limit.error ?? errorText(form.errors.instructions, 'instructions', { max: MANUAL_INSTRUCTIONS_MAX, label: t('storefront.manual.instructions') })}
          />
          <FormAlert form={form} />
          <FormActions form={form}>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </SectionCard>
  );
}
