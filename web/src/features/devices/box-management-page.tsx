import { useState } from 'react';
import { Alert, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { enableBoxesBody, MAX_BOXES_PER_REQUEST, type BoxesAnswer } from '@panel/contract';
import { ApiError } from '../../api/client';
import { FormAlert } from '../../components/form-alert';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { session } from '../../lib/session';
import { useResellerId } from '../../lib/use-reseller-id';
import { boxFailureMessage } from './box-errors';
import { useChangeBoxes, type BoxAction } from './change-boxes';
import { useBoxSummary } from './get-box-summary';

/** The count both calls take, with their rule (the reseller is the page's, not typed). */
const boxCountForm = z.object({ numberOfBoxes: enableBoxesBody.shape.numberOfBoxes });

/**
 * Box management (business-panel.md §2; /box-management/:resellerId with disable-boxes or
 * enable-boxes): enables or disables a number of the reseller's activated devices, showing how
 * many each side can change. Each side of the toggle is disabled without its own permission; the
 * server checks it again.
 */
export function BoxManagementPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const resellerId = useResellerId();
  const reseller = useBoxSummary(resellerId);
  const change = useChangeBoxes();
  const can: Record<BoxAction, boolean> = { enable: session.has('enable-boxes'), disable: session.has('disable-boxes') };
  const [action, setAction] = useState<BoxAction>(can.enable || !can.disable ? 'enable' : 'disable');
  const form = useZodForm<{ numberOfBoxes: string }, z.infer<typeof boxCountForm>>(boxCountForm, { initialValues: { numberOfBoxes: '' } });
  const [result, setResult] = useState<{ action: BoxAction; data: BoxesAnswer['data'] }>();

  const send = form.submit(
    ({ numberOfBoxes }) => {
      setResult(undefined);
      if (resellerId === undefined || !can[action]) return;
      change.mutate(
        { action, resellerId, numberOfBoxes },
        {
          onSuccess: (answer) => {
            showSuccess(answer.msg || t(action === 'enable' ? 'boxes.enabled' : 'boxes.disabled'));
            setResult({ action, data: answer.data });
            form.setFieldValue('numberOfBoxes', '');
          },
          // A count the server refused stands under the input; anything else in the alert, in this screen's words.
          // business-panel.md §8, Box management: the page chooses the message and shows it in place.
          onError: (error) => {
            if (!form.applyFieldErrors(error)) form.setAlert(boxFailureMessage(error, action));
            shownWhereItHappened(error);
          },
        },
      );
    },
    () => setResult(undefined),
  );

  let account;
  if (resellerId === undefined || reseller.isError) {
    account = (
      <Alert color="red" variant="light" role="alert">
        {reseller.error instanceof ApiError && reseller.error.message ? reseller.error.message : t('boxes.errors.resellerLoadFailed')}
      </Alert>
    );
  } else if (reseller.isPending) {
    account = (
      <Center p="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    account = (
      <Card withBorder padding="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('boxes.reseller')}
          </Text>
          <Group gap="xs">
            <Text fw={600}>{reseller.data.data.name}</Text>
            <Text c="dimmed">{reseller.data.data.email}</Text>
          </Group>
          <Group gap="lg">
            <Text size="sm">{t('boxes.activeBoxes', { total: reseller.data.data.active_boxes })}</Text>
            <Text size="sm">{t('boxes.disabledBoxes', { total: reseller.data.data.disabled_boxes })}</Text>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack maw={640}>
      {account}
      {resellerId !== undefined && !reseller.isError && (
        <Card withBorder padding="lg">
          <form onSubmit={send} noValidate>
            <Stack>
              <SegmentedControl
                aria-label={t('boxes.action')}
                value={action}
                onChange={(value) => {
                  setAction(value);
                  form.setAlert(undefined);
                  setResult(undefined);
                }}
                data={[
                  { value: 'enable', label: t('boxes.enableBoxes'), disabled: !can.enable },
                  { value: 'disable', label: t('boxes.disableBoxes'), disabled: !can.disable },
                ]}
              />
              <TextInput
                label={t('boxes.numberOfBoxes')}
                description={t(action === 'enable' ? 'boxes.enableHint' : 'boxes.disableHint')}
                required
                inputMode="numeric"
                autoComplete="off"
                maxLength={9}
                value={form.values.numberOfBoxes}
                // Whole numbers only: anything else never reaches the box.
                onChange={(event) => form.setFieldValue('numberOfBoxes', event.currentTarget.value.replace(/\D/g, ''))}
                error={errorText(form.errors.numberOfBoxes, 'numberOfBoxes', { max: MAX_BOXES_PER_REQUEST })}
              />
              <FormAlert form={form} />
              {result && (
                <Alert color="green" variant="light" role="status">
                  {t(result.action === 'enable' ? 'boxes.resultEnabled' : 'boxes.resultDisabled', {
                    changed: result.data.changed,
                    count: result.data.requested,
                  })}
                </Alert>
              )}
              <FormActions form={form}>
                <Button type="submit" color={action === 'enable' ? 'green' : 'red'} loading={change.isPending} disabled={!can[action]}>
                  {t(action === 'enable' ? 'boxes.enableBoxes' : 'boxes.disableBoxes')}
                </Button>
              </FormActions>
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
