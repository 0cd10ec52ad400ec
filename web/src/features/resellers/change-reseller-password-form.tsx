import { Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, resellerPasswordBody, type ResellerPasswordBody } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { toastError } from '../../components/toast';
import { useChangeResellerPassword } from './change-reseller-password';
import { editResellerFailure } from './reseller-form-errors';
import { useResellerErrorText } from './use-reseller-error-text';

type Fields = ResellerPasswordBody['requestData'];
const fieldsSchema = resellerPasswordBody.shape.requestData;

/** The edit screen's separate change-password form (business-panel.md §2, §5). */
export function ChangeResellerPasswordForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const errorText = useResellerErrorText();
  const change = useChangeResellerPassword();
  const form = useZodForm<Fields>(fieldsSchema, { initialValues: { password: '', password_confirmation: '' } });

  const submit = form.onSubmit((fields) => {
    change.mutate(
      { id, body: { requestData: fields } },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('resellerForms.password.changed'));
          form.reset();
        },
        // Field messages under their inputs, anything else in this screen's toast (business-panel.md §8).
        onError: (error) => {
          shownWhereItHappened(error);
          const failure = editResellerFailure(error, ['password', 'password_confirmation']);
          if (failure.fields) form.setErrors(failure.fields);
          if (failure.toast) toastError(failure.toast);
        },
      },
    );
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={t('resellerForms.password.title')}>
        <Stack>
          <Title order={2} size="h4">
            {t('resellerForms.password.title')}
          </Title>
          <PasswordInput
            label={t('resellerForms.fields.newPassword')}
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.getInputProps('password')}
            error={errorText(form.errors.password, 'password', form.values.password)}
          />
          <PasswordInput
            label={t('resellerForms.fields.confirmPassword')}
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            {...form.getInputProps('password_confirmation')}
            error={errorText(form.errors.password_confirmation, 'password_confirmation')}
          />
          <FormActions form={form}>
            <Button type="submit" loading={change.isPending}>
              {t('resellerForms.password.submit')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
