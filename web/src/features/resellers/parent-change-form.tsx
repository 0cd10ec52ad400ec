import { useState } from 'react';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { ASSIGN_RESELLER_REDIRECT_MS, assignResellerBody } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { toastError } from '../../components/toast';
import { session } from '../../lib/session';
import { useAssignReseller } from './assign-reseller';
import { ParentPicker, type ParentChoice } from './parent-picker';
import { assignFailure } from './reseller-form-errors';
import { RESELLER_LIST_PATH } from './reseller-forms-constants';
import { useDelayedRedirect } from './use-delayed-redirect';

/** The form's one field, under the contract's rule for it. */
const parentForm = z.object({ resellerId: assignResellerBody.shape.requestData.shape.resellerId });

type Props = {
  /** The account that gets the new parent. */
  subResellerId: number;
  excludeIds: number[];
  submitLabel: string;
};

/**
 * Choose a parent and send POST /api/assign-resellers. Nothing is sent before a reseller is
 * chosen ('Please select a reseller from the search bar', the contract's rule); success (httpCode
 * '200') leads back to the reseller list after 2 s (business-panel.md §4).
 */
export function ParentChangeForm({ subResellerId, excludeIds, submitLabel }: Props) {
  const { t } = useTranslation();
  const redirect = useDelayedRedirect();
  const assign = useAssignReseller();
  const errorText = useErrorText();
  const form = useZodForm<{ resellerId: number }, z.output<typeof parentForm>>(parentForm, { initialValues: { resellerId: 0 } });
  const [parent, setParent] = useState<ParentChoice | null>(null);
  const [done, setDone] = useState(false);

  const submit = form.submit(({ resellerId }) =>
    assign.mutate(
      { requestData: { subResellerId, resellerId } },
      {
        onSuccess: (answer) => {
          if (answer.httpCode !== '200') return toastError(answer.msg || t('resellerForms.errors.anErrorOccurredDot'));
          showSuccess(answer.msg);
          setDone(true);
          redirect(session.has('reseller-list') ? RESELLER_LIST_PATH : '/dashboard', ASSIGN_RESELLER_REDIRECT_MS);
        },
        onError: (failure) => {
          toastError(assignFailure(failure));
          shownWhereItHappened(failure);
        },
      },
    ),
  );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ParentPicker
            value={parent}
            onChange={(choice) => {
              setParent(choice);
              form.setFieldValue('resellerId', choice?.id ?? 0);
            }}
            excludeIds={excludeIds}
            error={errorText(form.errors.resellerId, 'resellerId')}
            disabled={assign.isPending || done}
          />
          {parent && (
            <Text size="sm" c="dimmed">
              {t('resellerForms.picker.chosen', { name: parent.name, email: parent.email })}
            </Text>
          )}
          {done && (
            <Alert color="green" variant="light" role="status">
              {t('resellerForms.assign.redirecting')}
            </Alert>
          )}
          <FormActions form={form}>
            <Button type="submit" loading={assign.isPending} disabled={done}>
              {submitLabel}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
