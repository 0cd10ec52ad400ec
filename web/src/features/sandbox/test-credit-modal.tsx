import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEST_CREDIT_MAX, testCreditBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../app/query-client';
import { useErrorText } from '../../components/form';
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
  const [points, setPoints] = useState<number | string>('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const close = () => {
    if (!add.isPending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: a screen's own form must not see this one's submit.
    event.stopPropagation();
    setFailure(undefined);
    const parsed = testCreditBody.safeParse({ credit_points: points });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]?.message, 'credit_points'));
      return;
    }
    setError(undefined);
    add.mutate(parsed.data.credit_points, {
      onSuccess: (answer) => {
        showSuccess(answer.msg || t('mode.testCredit.added'));
        onClose();
      },
      onError: (failed) => {
        const field = failed instanceof ApiError ? failed.fieldErrors().credit_points : undefined;
        if (field) setError(field);
        else setFailure(failed instanceof Error && failed.message ? failed.message : t('mode.testCredit.failed'));
      },
    });
  };

  const typed = testCreditBody.safeParse({ credit_points: points }).data?.credit_points;
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
            value={points}
            onChange={(value) => {
              setPoints(value);
              setError(undefined);
            }}
            error={error}
          />
          {typed !== undefined && <MoneySummary move="testCredit" points={typed} adds />}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('mode.testCredit.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
