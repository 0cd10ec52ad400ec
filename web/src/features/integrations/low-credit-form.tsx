import { Alert, Button, Center, Loader, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LOW_CREDIT_THRESHOLD_MAX, lowCreditBody, type LowCreditBody } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { SectionCard } from '../../components/section-card';
import { formatNumber } from '../../lib/format';
import { useLowCredit, useUpdateLowCredit } from './low-credit';

/**
 * The low-balance line, on Profile (issue 27) and Profile → Integrations (issue 25): a move that
 * takes the balance under it sends one mail and one `credit.low` webhook event, and no other until
 * the balance is back at or above it.
 * Empty: no line. Checked by the contract's rule as the server checks it.
 */
export function LowCreditForm() {
  const { t } = useTranslation();
  const current = useLowCredit();

  let content;
  if (current.isPending) {
    content = (
      <Center p="md">
        <Loader size="sm" aria-label={t('lowCredit.loading')} />
      </Center>
    );
  } else if (current.isError) {
    content = (
      <Alert color="red" role="alert">
        {t('lowCredit.fetchFailed')}
      </Alert>
    );
  } else {
    const threshold = current.data.data.threshold;
    content = <LowCreditFields key={String(threshold)} threshold={threshold} />;
  }

  return (
    <SectionCard title={t('lowCredit.title')} description={t('lowCredit.description')}>
      {content}
    </SectionCard>
  );
}

function LowCreditFields({ threshold }: { threshold: number | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateLowCredit();
  // Kept as typed (a number, or '' for no line); the contract turns it into what the server reads.
  const form = useZodForm<{ threshold: number | string }, LowCreditBody>(lowCreditBody, {
    initialValues: { threshold: threshold ?? '' },
    errorTexts: { refusal: t('lowCredit.saveFailed'), network: t('lowCredit.saveFailed'), fallback: t('lowCredit.saveFailed') },
  });

  const submit = form.submit((body) => update.mutate(body, { onError: form.fail }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NumberInput
          label={t('lowCredit.label')}
          description={t('lowCredit.hint', { max: formatNumber(LOW_CREDIT_THRESHOLD_MAX) })}
          placeholder={t('lowCredit.none')}
          min={0}
          max={LOW_CREDIT_THRESHOLD_MAX}
          // Kept as typed: a negative, fractional or too large number is explained by the rule's message, never changed.
          clampBehavior="none"
          dir="ltr"
          {...form.getInputProps('threshold')}
          error={errorText(form.errors.threshold, 'threshold', { max: LOW_CREDIT_THRESHOLD_MAX })}
        />
        <FormAlert form={form} />
        <FormActions form={form}>
          <Button type="submit" loading={update.isPending}>
            {t('common.save')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
