import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passcodeForm, type PasscodeForm } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { ApiError } from '../../api/client';
import { useUpdatePasscode } from './update-passcode';

/**
 * On this page the digits rule reads 'Passcode accepts numbers only' (core-panel.md §5), where the
 * contract's shared passcode rule says 'The passcode field must be a number.'.
 */
const PAGE_MESSAGES: Record<string, string> = { 'validation.passcodeDigits': 'passcodeUpdate.digitsOnly' };

/** Update Credit Share Password (core-panel.md §2): a new numeric passcode, typed twice. */
export function UpdatePasscodePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdatePasscode();
  const form = useZodForm<PasscodeForm>(passcodeForm, { initialValues: { passcode: '', passcode_confirmation: '' } });
  const message = (field: keyof PasscodeForm) => {
    const error = form.errors[field];
    return typeof error === 'string' && PAGE_MESSAGES[error] ? t(PAGE_MESSAGES[error]) : errorText(error, field);
  };

  const submit = form.onSubmit((values) => {
    update.mutate(
      { requestData: { passcode: values.passcode } },
      {
        onSuccess: () => {
          showSuccess(t('passcodeUpdate.updated'));
          form.reset();
        },
        // A refused passcode stands under its input; anything else is the query client's toast.
        onError: (error) => {
          // The server names the field `requestData.passcode`; the form calls it `passcode`.
          if (error instanceof ApiError && error.status === 422) {
            const first = Object.values(error.errors)[0]?.[0];
            if (first) {
              form.setFieldError('passcode', first);
              shownWhereItHappened(error);
            }
          }
        },
      },
    );
  });

  return (
    <Card withBorder maw={480} padding="lg">
      <Title order={2} size="h4" mb={4}>
        {t('passcodeUpdate.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('passcodeUpdate.description')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('passcodeUpdate.passcode')}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            {...form.getInputProps('passcode')}
            error={message('passcode')}
          />
          <PasswordInput
            label={t('passcodeUpdate.confirmation')}
            required
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            {...form.getInputProps('passcode_confirmation')}
            error={message('passcode_confirmation')}
          />
          <FormActions form={form}>
            <Button type="submit" loading={update.isPending}>
              {t('passcodeUpdate.submit')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
