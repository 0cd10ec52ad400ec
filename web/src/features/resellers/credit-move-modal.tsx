import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoneySummary } from '../../components/money-summary';
import { PasscodeInput } from '../../components/passcode-input';
import { creditPointField, MAX_CREDIT_MOVE, passcodeField, type ResellerRow } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../lib/feedback';
import { useAddCreditPoint } from './add-credit-point';
import { useDeductCreditPoint } from './deduct-credit-point';
import { creditMoveErrorMessage, PASSCODE_CODES } from './reseller-errors';
import { useValidatePasscode } from './validate-passcode';

export type CreditMoveKind = 'add' | 'deduct';

type Props = {
  /** The reseller whose balance changes; undefined keeps the dialog closed. */
  reseller: ResellerRow | undefined;
  kind: CreditMoveKind;
  onClose: () => void;
};

/**
 * Add or deduct credit from the reseller list: first the caller's credit-share passcode (the
 * server accepts a move only within minutes of a successful check in this session), then the
 * amount: at least 1, and for a deduction at most the reseller's current balance.
 */
export function CreditMoveModal({ reseller, kind, onClose }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'passcode' | 'amount'>('passcode');
  const [passcode, setPasscode] = useState('');
  const [passcodeError, setPasscodeError] = useState<string>();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [moveError, setMoveError] = useState<string>();
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

  const reset = () => {
    setStep('passcode');
    setPasscode('');
    setPasscodeError(undefined);
    setAmount('');
    setAmountError(undefined);
    setMoveError(undefined);
    pending.current = undefined;
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const checkPasscode = (event: FormEvent) => {
    event.preventDefault();
    if (!passcode) {
      setPasscodeError(t('resellerList.credit.passcodeRequired'));
      return;
    }
    const invalid = passcodeField.safeParse(passcode).error?.issues[0]?.message;
    if (invalid) {
      setPasscodeError(t(invalid, { field: t('fields.creditSharePasscode') }));
      return;
    }
    setPasscodeError(undefined);
    validate.mutate(passcode, {
      onSuccess: () => {
        setPasscode('');
        setStep('amount');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 0) setPasscodeError(t('resellerList.errors.network'));
        else if (error instanceof ApiError) setPasscodeError(Object.values(error.fieldErrors())[0] || error.message || t('resellerList.credit.invalidPasscode'));
        else setPasscodeError(t('resellerList.credit.invalidPasscode'));
      },
    });
  };

  const submitAmount = (event: FormEvent) => {
    event.preventDefault();
    if (!reseller) return;
    setMoveError(undefined);
    if (!amount) {
      setAmountError(t('resellerList.credit.amountRequired'));
      return;
    }
    const parsed = creditPointField.safeParse(amount.trim());
    if (!parsed.success) {
      setAmountError(t(parsed.error.issues[0]?.message ?? 'validation.creditPoint', { field: t('fields.creditPoint'), max: MAX_CREDIT_MOVE }));
      return;
    }
    const points = parsed.data;
    if (kind === 'deduct' && points > reseller.credit_point) {
      setAmountError(t('resellerList.credit.exceedsBalance', { count: reseller.credit_point }));
      return;
    }
    setAmountError(undefined);
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
        onError: (error) => {
          if (error instanceof ApiError && error.status === 0) pending.current = { amount: points, requestId, retryable: true };
          if (error instanceof ApiError && error.code !== undefined && PASSCODE_CODES.has(error.code)) {
            // The passcode check has lapsed (or was never made in this session): ask again.
            setStep('passcode');
            setPasscodeError(error.message);
            return;
          }
          if (error instanceof ApiError && error.fieldErrors().creditPoint) setAmountError(error.fieldErrors().creditPoint);
          else setMoveError(creditMoveErrorMessage(error));
        },
      },
    );
  };

  // What the summary shows while the amount is typed: only an amount the move would accept.
  const typed = creditPointField.safeParse(amount.trim()).data;
  const title = t(kind === 'add' ? 'resellerList.credit.addTitle' : 'resellerList.credit.deductTitle');
  return (
    <Modal opened={reseller !== undefined} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      {step === 'passcode' ? (
        <form onSubmit={checkPasscode} noValidate>
          <Stack>
            <Text size="sm">{t('resellerList.credit.passcodeText')}</Text>
            <PasscodeInput
              label={t('resellerList.credit.passcode')}
              value={passcode}
              onChange={(event) => {
                setPasscode(event.currentTarget.value);
                setPasscodeError(undefined);
              }}
              error={passcodeError}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={validate.isPending}>
                {t('resellerList.credit.continue')}
              </Button>
            </Group>
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
              value={amount}
              // Kept as typed: "-50" or "2.5" is refused with the field's message, never turned into another amount.
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setAmountError(undefined);
              }}
              error={amountError}
            />
            {reseller && typed !== undefined && (
              <MoneySummary
                move={kind === 'add' ? 'addCredit' : 'deductCredit'}
                recipient={reseller.email}
                points={typed}
                recipientBalance={kind === 'deduct' ? reseller.credit_point : undefined}
              />
            )}
            {moveError && (
              <Alert color="red" variant="light" role="alert">
                {moveError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color={kind === 'deduct' ? 'orange' : undefined} loading={move.isPending}>
                {t(kind === 'add' ? 'resellerList.credit.addSubmit' : 'resellerList.credit.deductSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
