import { useState } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADD_RESELLER_REDIRECT_MS, type AddResellerBody, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, addResellerBody } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { toastError } from '../../components/toast';
import { session } from '../../lib/session';
import { useAddReseller } from './add-reseller';
import { useAddSubReseller } from './add-sub-reseller';
import { ApplicationsSelect } from './applications-select';
import { profileQuery } from '../../api/profile';
import { queryClient } from '../../app/query-client';
import { addResellerFailure } from './reseller-form-errors';
import { RESELLER_LIST_PATH } from './reseller-forms-constants';
import { useDelayedRedirect } from './use-delayed-redirect';
import { useResellerErrorText } from './use-reseller-error-text';

type Fields = AddResellerBody['requestData'];
const fieldsSchema = addResellerBody.shape.requestData;

/** Where the screen goes 3 s after a reseller was added (business-panel.md §4). */
async function destination(kind: 'reseller' | 'sub'): Promise<string> {
  const fallback = session.has('reseller-list') || session.has('show-reseller-list') ? RESELLER_LIST_PATH : '/dashboard';
  if (kind === 'reseller' || !session.has('sub-reseller-list')) return fallback;
  // The new sub-reseller's parent is the caller: its own sub-reseller list, where the new row is.
  try {
    const me = await queryClient.fetchQuery(profileQuery());
    return `/sub-reseller-list/${me.data.id}`;
  } catch {
    return fallback;
  }
}

/** Add reseller and add sub-reseller (business-panel.md §2): name, e-mail and the allowed applications. */
export function AddResellerForm({ kind }: { kind: 'reseller' | 'sub' }) {
  const { t } = useTranslation();
  const errorText = useResellerErrorText();
  const redirect = useDelayedRedirect();
  const addReseller = useAddReseller();
  const addSubReseller = useAddSubReseller();
  const mutation = kind === 'reseller' ? addReseller : addSubReseller;
  const [alert, setAlert] = useState<string | undefined>();
  const [redirecting, setRedirecting] = useState(false);
  const form = useZodForm<Fields>(fieldsSchema, { initialValues: { name: '', email: '', application_allowed: [] } });
  const nameLimit = useTextLimit(form.values.name, NAME_MAX_LENGTH);
  const emailLimit = useTextLimit(form.values.email, EMAIL_MAX_LENGTH);

  const submit = form.onSubmit((fields) => {
    setAlert(undefined);
    mutation.mutate(
      { requestData: fields },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t(kind === 'reseller' ? 'resellerForms.add.created' : 'resellerForms.add.subCreated'));
          form.reset();
          setRedirecting(true);
          void destination(kind).then((to) => redirect(to, ADD_RESELLER_REDIRECT_MS));
        },
        // Field messages under their inputs, anything else in the form's alert (business-panel.md §8).
        onError: (error) => {
          shownWhereItHappened(error);
          const failure = addResellerFailure(error);
          if (failure.fields) form.setErrors(failure.fields);
          if (failure.alert) setAlert(failure.alert);
          if (failure.toast) toastError(failure.toast);
        },
      },
    );
  });

  const busy = mutation.isPending || redirecting;
  return (
    <Stack maw={640}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('resellerForms.add.invitationHint')}
            </Text>
            <TextInput
              label={t('resellerForms.fields.name')}
              required
              autoComplete="off"
              {...form.getInputProps('name')}
              description={nameLimit.description}
              inputWrapperOrder={nameLimit.inputWrapperOrder}
              error={nameLimit.error ?? errorText(form.errors.name, 'name')}
            />
            <TextInput
              label={t('resellerForms.fields.email')}
              type="email"
              required
              autoComplete="off"
              {...form.getInputProps('email')}
              error={emailLimit.error ?? errorText(form.errors.email, 'email')}
            />
            <ApplicationsSelect
              value={form.values.application_allowed}
              onChange={(ids) => {
                form.setFieldValue('application_allowed', ids);
                form.clearFieldError('application_allowed');
              }}
              error={errorText(form.errors.application_allowed, 'application_allowed')}
              disabled={busy}
            />
            {alert && (
              <Alert color="red" variant="light" role="alert">
                {alert}
              </Alert>
            )}
            {redirecting && (
              <Text size="sm" c="dimmed" role="status">
                {t('resellerForms.add.redirecting')}
              </Text>
            )}
            <FormActions form={form}>
              <Button type="submit" loading={mutation.isPending} disabled={redirecting}>
                {t(kind === 'reseller' ? 'resellerForms.add.submit' : 'resellerForms.add.submitSub')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
