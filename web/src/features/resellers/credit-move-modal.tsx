import { useRef, useState } from 'react';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { MoneySummary } from '../../components/money-summary';
import { PasscodeInput } from '../../components/passcode-input';
import { creditPointField, MAX_CREDIT_MOVE, passcodeField, type ResellerRow } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useAddCreditPoint } from './add-credit-point';
import { useDeductCreditPoint } from './deduct-credit-point';
import { creditMoveErrorMessage, PASSCODE_CODES } from './reseller-errors';
import { useValidatePasscode } from './validate-passcode';
import { StepUpForm, useStepUpInPlace } from '../security';

export type CreditMoveKind = 'add' | 'deduct';

const passcodeForm = z.object({ passcode: passcodeField });
/** The amount as typed, spaces around it aside: "-50" or "2.5" is refused, never turned into another amount. */
const amountForm = z.object({ creditPoint: z.pipe(z.transform((typed: string): string | number => typed.trim()), creditPointField) });

type Props = {
  /** The reseller whose balance changes; undefined keeps the dialog closed. */
  reseller: ResellerRow | undefined;
  kind: CreditMoveKind;
  onClose: () => void;
};

/**
 * Add or deduct credit from the reseller list: first the caller's credit-share passcode (the
 * server accepts a move only within minutes of a successful check in this session), then the
 * amount: at least 1, and for a deduction at most the reseller's current balance. When the move
 * needs a step-up (an account with a second factor), this dialog turns into that step and the
 * move completes once it is confirmed: one dialog, never a second one on top.
 */
export function CreditMoveModal({ reseller, kind, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [step, setStep] = useState<'passcode' | 'amount'>('passcode');
  const passcodeStep = useZodForm(passcodeForm, { initialValues: { passcode: '' } });
  const amountStep = useZodForm<{ creditPoint: string }, z.output<typeof amountForm>>(amountForm, { initialValues: { creditPoint: '' } });
  const validate = useValidatePasscode();
  const add = useAddCreditPoint();
  const deduct = useDeductCreditPoint();
  const move = kind === 'add' ? add : deduct;
  /**
   * One request-id per move. A retry of the same amount after no answer reuses it, so a request
   * that did reach the server is answered again rather than moving the points twice.
   */
  const pending = useRef<{ amount: number; requestId: string; retryable: boolean } | undefined>(undefined);
  const busy = validate.isPending || move.isPending;
  const stepUp = useStepUpInPlace(reseller !== undefined);
  /** The dialog was closed during the step-up: the refused move then closes it rather than returning to the amount. */
  const closing = useRef(false);

  const reset = () => {
    setStep('passcode');
    passcodeStep.reset();
    amountStep.reset();
    amountStep.setAlert(undefined);
    pending.current = undefined;
  };

  const close = () => {
    if (stepUp.asking) {
      closing.current = true;
      stepUp.settle(false);
      return;
    }
    if (busy) return;
    reset();
    onClose();
  };

  const passcodeFailure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 0) return t('resellerList.errors.network');
    if (error instanceof ApiError) return Object.values(error.fieldErrors())[0] || error.message || t('resellerList.credit.invalidPasscode');
    return t('resellerList.credit.invalidPasscode');
  };

  const checkPasscode = passcodeStep.submit(
    ({ passcode }) =>
      validate.mutate(passcode, {
        onSuccess: () => {
          passcodeStep.reset();
          setStep('amount');
        },
        // Every refusal of the passcode stands under its input.
        onError: (error) => {
          passcodeStep.setFieldError('passcode', passcodeFailure(error));
          shownWhereItHappened(error);
        },
      }),
    () => {
      // The reseller list's own words for an empty passcode.
      if (!passcodeStep.values.passcode) passcodeStep.setFieldError('passcode', t('resellerList.credit.passcodeRequired'));
    },
  );

  const moveCredit = (points: number) => {
    if (!reseller) return;
    if (kind === 'deduct' && points > reseller.credit_point) {
      amountStep.setFieldError('creditPoint', t('resellerList.credit.exceedsBalance', { count: reseller.credit_point }));
      return;
    }
    const reuse = pending.current?.amount === points && pending.current.retryable;
    const requestId = reuse && pending.current ? pending.current.requestId : crypto.randomUUID();
    pending.current = { amount: points, requestId, retryable: false };
    move.mutate(
      { id: reseller.id, creditPoint: points, requestId },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t(kind === 'add' ? 'resellerList.credit.added' : 'resellerList.credit.deducted'));
          reset();
          onClose();
        },
        // Every failure of the move is shown in this dialog (its fields, its alert, the passcode step).
        onError: (error) => {
          shownWhereItHappened(error);
          if (error instanceof ApiError && error.code === 'STEP_UP_REQUIRED') {
            // The step-up was cancelled: nothing moved; the amount stays for another try, unless the dialog was closed.
            if (closing.current) {
              closing.current = false;
              reset();
              onClose();
            } else amountStep.setAlert(t('stepUp.cancelled'));
            return;
          }
          if (error instanceof ApiError && error.status === 0) pending.current = { amount: points, requestId, retryable: true };
          if (error instanceof ApiError && error.code !== undefined && PASSCODE_CODES.has(error.code)) {
            // The passcode check has lapsed (or was never made in this session): ask again.
            setStep('passcode');
            passcodeStep.setFieldError('passcode', error.message);
            return;
          }
          if (error instanceof ApiError && error.fieldErrors().creditPoint) amountStep.setFieldError('creditPoint', error.fieldErrors().creditPoint);
          else amountStep.setAlert(creditMoveErrorMessage(error));
        },
      },
    );
  };

  const submitAmount = amountStep.submit(
    ({ creditPoint }) => moveCredit(creditPoint),
    () => {
      // The reseller list's own words for an empty amount.
      if (!amountStep.values.creditPoint) amountStep.setFieldError('creditPoint', t('resellerList.credit.amountRequired'));
    },
  );

  // What the summary shows while the amount is typed: only an amount the move would accept.
  const typed = creditPointField.safeParse(amountStep.values.creditPoint.trim()).data;
  const title = t(kind === 'add' ? 'resellerList.credit.addTitle' : 'resellerList.credit.deductTitle');
  const summary = reseller && typed !== undefined && (
    <MoneySummary
      move={kind === 'add' ? 'addCredit' : 'deductCredit'}
      recipient={reseller.email}
      points={typed}
      recipientBalance={kind === 'deduct' ? reseller.credit_point : undefined}
    />
  );
  return (
    <Modal
      opened={reseller !== undefined}
      onClose={close}
      title={stepUp.asking ? t('stepUp.title') : title}
      centered
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {stepUp.asking ? (
        <StepUpForm purpose={kind === 'add' ? 'send' : 'deduct'} onDone={stepUp.settle}>
          {summary}
        </StepUpForm>
      ) : step === 'passcode' ? (
        <form onSubmit={checkPasscode} noValidate>
          <Stack>
            <Text size="sm">{t('resellerList.credit.passcodeText')}</Text>
            <PasscodeInput
              label={t('resellerList.credit.passcode')}
              {...passcodeStep.getInputProps('passcode')}
              error={errorText(passcodeStep.errors.passcode, 'creditSharePasscode')}
            />
            <FormActions form={passcodeStep}>
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={validate.isPending}>
                {t('resellerList.credit.continue')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitAmount} noValidate>
          <Stack>
            <Text size="sm">
              {t('resellerList.credit.amountText', { email: reseller?.email ?? '', count: reseller?.credit_point ?? 0 })}
            </Text>
            <TextInput
              label={t('resellerList.credit.amount')}
              required
              data-autofocus
              inputMode="numeric"
              dir="ltr"
              autoComplete="off"
              maxLength={10}
              // Kept as typed: "-50" or "2.5" is refused with the field's message, never turned into another amount.
              {...amountStep.getInputProps('creditPoint')}
              error={errorText(amountStep.errors.creditPoint, 'creditPoint', { max: MAX_CREDIT_MOVE })}
            />
            {summary}
            <FormAlert form={amountStep} />
            <FormActions form={amountStep}>
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color={kind === 'deduct' ? 'orange' : undefined} loading={move.isPending}>
                {t(kind === 'add' ? 'resellerList.credit.addSubmit' : 'resellerList.credit.deductSubmit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
