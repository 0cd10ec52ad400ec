import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../components/form-heading';
import { MoneySummary } from '../../components/money-summary';
import { PasscodeInput } from '../../components/passcode-input';
import { creditPointField, emailField, MAX_CREDIT_MOVE, passcodeField } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { ResellerEmailInput } from '../../components/reseller-email-input';
import { toastError } from '../../components/toast';
import { useProfile } from '../../api/profile';
import { rechargeFailure } from './recharge-credit-errors';
import { useRechargeCredit } from './recharge-credit';

type Fields = { resellerEmail?: string; creditPoint?: string };

/**
 * Recharge credit (business-panel.md §2, §5): a reseller e-mail and an amount, then the
 * credit-share passcode in a prompt. Recharging another account moves points out of the
 * caller's balance; an admin entering its own e-mail adds self credit.
 */
export function RechargeCreditPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [formError, setFormError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Fields>({});
  /** The points the passcode prompt confirms; undefined while it is closed. */
  const [prompting, setPrompting] = useState<number>();

  // The contract's field rules, with their messages in the reader's language.
  const message = (key: string | undefined, field: string) =>
    key && t(key, { field: t(`fields.${field}`), max: MAX_CREDIT_MOVE });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!email.trim() || !amount) {
      setFieldErrors({});
      setFormError(t('credit.recharge.bothRequired'));
      return;
    }
    const points = creditPointField.safeParse(amount.trim());
    const errors: Fields = {
      resellerEmail: message(emailField.safeParse(email).error?.issues[0]?.message, 'resellerEmail'),
      creditPoint: message(points.error?.issues[0]?.message, 'creditPoint'),
    };
    setFieldErrors(errors);
    if (!errors.resellerEmail && points.success) setPrompting(points.data);
  };

  const done = (answerMessage: string) => {
    showSuccess(answerMessage || t('credit.recharge.success'));
    setPrompting(undefined);
    setEmail('');
    setAmount('');
  };

  return (
    <Card withBorder padding="lg" maw={560}>
      <form onSubmit={submit} noValidate aria-labelledby="recharge-title">
        <Stack>
          <FormHeading id="recharge-title" icon={IconCoins} title={t('credit.recharge.heading')} intro={t('credit.recharge.intro')} />
          <ResellerEmailInput
            label={t('credit.recharge.resellerEmail')}
            placeholder={t('credit.recharge.resellerEmailPlaceholder')}
            searchingLabel={t('credit.recharge.searching')}
            required
            value={email}
            onChange={(value) => {
              setEmail(value);
              setFieldErrors((e) => ({ ...e, resellerEmail: undefined }));
            }}
            error={fieldErrors.resellerEmail}
          />
          <TextInput
            label={t('credit.recharge.creditPoints')}
            placeholder={t('credit.recharge.creditPointsPlaceholder')}
            required
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            maxLength={10}
            value={amount}
            // Kept as typed: "-50" or "2.5" is refused with the field's message, never turned into another amount.
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setFieldErrors((e) => ({ ...e, creditPoint: undefined }));
            }}
            error={fieldErrors.creditPoint}
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit">{t('credit.recharge.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <PasscodePrompt
        points={prompting}
        email={email.trim()}
        onClose={() => setPrompting(undefined)}
        onDone={done}
        onFieldErrors={(fields) => {
          setPrompting(undefined);
          setFieldErrors({ resellerEmail: fields.resellerEmail, creditPoint: fields.creditPoint });
        }}
      />
    </Card>
  );
}

type PromptProps = {
  /** The points to send; undefined keeps the prompt closed. */
  points: number | undefined;
  email: string;
  onClose: () => void;
  onDone: (message: string) => void;
  onFieldErrors: (fields: Record<string, string>) => void;
};

function PasscodePrompt({ points, email, onClose, onDone, onFieldErrors }: PromptProps) {
  const { t } = useTranslation();
  const profile = useProfile();
  // An admin who enters its own e-mail adds credit to its own balance rather than sending it.
  const ownEmail = profile.data?.data.IBOReseller.email.toLowerCase();
  const recharge = useRechargeCredit();
  const [passcode, setPasscode] = useState('');
  const [error, setError] = useState<string>();

  const close = () => {
    if (recharge.isPending) return;
    setPasscode('');
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!passcode) {
      setError(t('credit.recharge.passcodeRequired'));
      return;
    }
    const invalid = passcodeField.safeParse(passcode).error?.issues[0]?.message;
    if (invalid) {
      setError(t(invalid, { field: t('fields.creditSharePasscode') }));
      return;
    }
    if (points === undefined) return;
    setError(undefined);
    recharge.mutate(
      { resellerEmail: email, creditPoint: String(points), creditSharePasscode: passcode },
      {
        onSuccess: (answer) => {
          setPasscode('');
          onDone(answer.msg);
        },
        onError: (failure) => {
          const reaction = rechargeFailure(failure);
          if (reaction.where === 'passcode') setError(reaction.message);
          else {
            setPasscode('');
            if (reaction.where === 'fields') onFieldErrors(reaction.fields);
            else {
              toastError(reaction.message);
              onClose();
            }
          }
        },
      },
    );
  };

  return (
    <Modal opened={points !== undefined} onClose={close} title={t('credit.recharge.passcodeTitle')} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <MoneySummary move="recharge" recipient={email} points={points ?? 0} adds={email.toLowerCase() === ownEmail} />
          <PasscodeInput
            label={t('credit.recharge.passcode')}
            value={passcode}
            onChange={(event) => {
              setPasscode(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={recharge.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={recharge.isPending}>
              {t('credit.recharge.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
