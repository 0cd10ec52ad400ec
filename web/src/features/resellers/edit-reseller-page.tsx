import { Alert, Button, Card, Center, Group, Loader, Radio, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  EDIT_RESELLER_REDIRECT_MS,
  EMAIL_MAX_LENGTH,
  type AnswerOf,
  type EditResellerBody,
  NAME_MAX_LENGTH,
  editResellerBody,
  type showResellerEndpoint,
} from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { toastError } from '../../components/toast';
import { session } from '../../lib/session';
import { ApplicationsSelect } from './applications-select';
import { ChangeResellerPasswordForm } from './change-reseller-password-form';
import { useEditReseller } from './edit-reseller';
import { parseApplicationIds, useReseller } from './get-reseller';
import { editResellerFailure } from './reseller-form-errors';
import { RESELLER_LIST_PATH } from './reseller-forms-constants';
import { useDelayedRedirect } from './use-delayed-redirect';
import { useResellerErrorText } from './use-reseller-error-text';
import { useResellerId } from '../../lib/use-reseller-id';

type Fields = EditResellerBody['requestData'];
const fieldsSchema = editResellerBody.shape.requestData;
const FORM_FIELDS = ['name', 'email', 'application_allowed', 'status'] as const;

/** /edit-reseller/:resellerId (permission edit-reseller, else /401): the details form and a separate password form. */
export function EditResellerPage() {
  const { t } = useTranslation();
  const id = useResellerId();
  const reseller = useReseller(id ?? 0);

  let content;
  if (id === undefined) {
    content = <LoadAlert message={t('resellerForms.edit.loadFailed')} />;
  } else if (reseller.isPending) {
    content = (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (reseller.isError) {
    // C10014 'Cannot edit an admin account', C10013 and the like keep the server's words.
    const error = reseller.error;
    content = <LoadAlert message={error instanceof ApiError && error.status !== 0 ? error.message : t('resellerForms.errors.network')} />;
  } else {
    content = (
      <>
        <EditResellerForm key={id} id={id} loaded={reseller.data.data} />
        <ChangeResellerPasswordForm id={id} />
      </>
    );
  }

  return (
    <Stack maw={640}>
      {content}
    </Stack>
  );
}

function LoadAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

function EditResellerForm({ id, loaded }: { id: number; loaded: AnswerOf<typeof showResellerEndpoint>['data'] }) {
  const { t } = useTranslation();
  const errorText = useResellerErrorText();
  const redirect = useDelayedRedirect();
  const edit = useEditReseller();
  // Applications are shown, and sent, only with 'edit-allowed-applications' (business-panel.md §2).
  const editApplications = session.has('edit-allowed-applications');
  const form = useZodForm<Fields>(fieldsSchema, {
    initialValues: {
      name: loaded.name,
      email: loaded.email,
      application_allowed: editApplications ? parseApplicationIds(loaded.application_allowed) : undefined,
      status: loaded.status === 0 ? 0 : 1,
    },
  });
  const nameLimit = useTextLimit(form.values.name, NAME_MAX_LENGTH);
  const emailLimit = useTextLimit(form.values.email, EMAIL_MAX_LENGTH);

  const submit = form.onSubmit((fields) => {
    edit.mutate(
      { id, body: { requestData: fields } },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('resellerForms.edit.updated'));
          redirect(session.has('reseller-list') ? RESELLER_LIST_PATH : '/dashboard', EDIT_RESELLER_REDIRECT_MS);
        },
        // Field messages under their inputs, anything else in this screen's toast (business-panel.md §8).
        onError: (error) => {
          shownWhereItHappened(error);
          const failure = editResellerFailure(error, FORM_FIELDS);
          if (failure.fields) form.setErrors(failure.fields);
          if (failure.toast) toastError(failure.toast);
        },
      },
    );
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={t('resellerForms.edit.detailsTitle')}>
        <Stack>
          <Title order={2} size="h4">
            {t('resellerForms.edit.detailsTitle')}
          </Title>
          <TextInput
            label={t('resellerForms.fields.name')}
            required
            {...form.getInputProps('name')}
            description={nameLimit.description}
            inputWrapperOrder={nameLimit.inputWrapperOrder}
            error={nameLimit.error ?? errorText(form.errors.name, 'name')}
          />
          <TextInput
            label={t('resellerForms.fields.email')}
            type="email"
            required
            {...form.getInputProps('email')}
            error={emailLimit.error ?? errorText(form.errors.email, 'email')}
          />
          {editApplications && (
            <ApplicationsSelect
              value={form.values.application_allowed ?? []}
              onChange={(ids) => {
                form.setFieldValue('application_allowed', ids);
                form.clearFieldError('application_allowed');
              }}
              error={errorText(form.errors.application_allowed, 'application_allowed')}
              disabled={edit.isPending}
            />
          )}
          <Radio.Group
            label={t('resellerForms.fields.status')}
            value={String(form.values.status ?? 1)}
            onChange={(value) => form.setFieldValue('status', value === '0' ? 0 : 1)}
            error={errorText(form.errors.status, 'status')}
          >
            <Group mt="xs">
              <Radio value="1" label={t('resellerForms.edit.active')} />
              <Radio value="0" label={t('resellerForms.edit.inactive')} />
            </Group>
          </Radio.Group>
          <FormActions form={form}>
            <Button type="submit" loading={edit.isPending}>
              {t('resellerForms.edit.submit')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
