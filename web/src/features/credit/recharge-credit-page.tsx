import { useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { Button, Card, Modal, Stack, TextInput } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormHeading } from '../../components/form-heading';
import { MoneySummary } from '../../components/money-summary';
import { PasscodeInput } from '../../components/passcode-input';
import { creditPointField, emailField, MAX_CREDIT_MOVE, passcodeField } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { ResellerEmailInput } from '../../components/reseller-email-input';
import { toastError } from '../../components/toast';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { useProfile } from '../../api/profile';
import { ApiError } from '../../api/client';
import { StepUpForm, useStepUpInPlace } from '../security';
import { rechargeFailure } from './recharge-credit-errors';
import { useRechargeCredit } from './recharge-credit';

const rechargeForm = z.object({ resellerEmail: emailField, creditPoint: creditPointField });
const passcodeForm = z.object({ passcode: passcodeField });

/**
 * Recharge credit (business-panel.md §2, §5): a reseller e-mail and an amount, then the
 * credit-share passcode in a prompt. Recharging another account moves points out of the
 * caller's balance; an admin entering its own e-mail adds self credit. When the recharge needs a
 * step-up (an account with a second factor), the prompt turns into that step and the recharge
 * completes once it is confirmed: one dialog, never a second one on top.
 */
export function RechargeCreditPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const form = useZodForm<{ resellerEmail: string; creditPoint: string }, z.output<typeof rechargeForm>>(rechargeForm, {
    initialValues: { resellerEmail: '', creditPoint: '' },
  });
  /** The points the passcode prompt confirms; undefined while it is closed. */
  const [prompting, setPrompting] = useState<number>();
  const email = form.values.resellerEmail.trim();
  // Only an admin adds self credit by entering its own e-mail: only an admin reads that hint and is offered that e-mail.
  const profile = useProfile().data?.data;
  const ownEmail = profile?.admin ? [profile.IBOReseller.email] : [];

  const submit = form.submit(
    ({ creditPoint }) => setPrompting(creditPoint),
    () => {
      // Both empty: the specification's one sentence for the form, not a message under each field.
      if (!email && !form.values.creditPoint) {
        form.clearErrors();
        form.setAlert(t('credit.recharge.bothRequired'));
      }
    },
  );

  const done = (answerMessage: string) => {
    showSuccess(answerMessage || t('credit.recharge.success'));
    setPrompting(undefined);
    form.reset();
  };

  return (
    <Card withBorder padding="lg" maw={560}>
      <form onSubmit={submit} noValidate aria-labelledby="recharge-title">
        <Stack>
          <FormHeading id="recharge-title" icon={IconCoins} title={t('credit.recharge.heading')} intro={t(profile?.admin ? 'credit.recharge.introAdmin' : 'credit.recharge.intro')} />
          <ResellerEmailInput
            label={t('credit.recharge.resellerEmail')}
            placeholder={t('credit.recharge.resellerEmailPlaceholder')}
            searchingLabel={t('credit.recharge.searching')}
            required
            alsoOffer={ownEmail}
            value={form.values.resellerEmail}
            onChange={(value) => form.setFieldValue('resellerEmail', value)}
            error={errorText(form.errors.resellerEmail, 'resellerEmail')}
          />
          <TextInput
            label={t('credit.recharge.creditPoints')}
            placeholder={t('credit.recharge.creditPointsPlaceholder')}
            required
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            maxLength={10}
            // Kept as typed: "-50" or "2.5" is refused with the field's message, never turned into another amount.
            {...form.getInputProps('creditPoint')}
            error={errorText(form.errors.creditPoint, 'creditPoint', { max: MAX_CREDIT_MOVE })}
          />
          <FormAlert form={form} />
          <FormActions form={form}>
            <Button type="submit">{t('credit.recharge.submit')}</Button>
          </FormActions>
        </Stack>
      </form>
      <PasscodePrompt
        points={prompting}
        email={email}
        onClose={() => setPrompting(undefined)}
        onDone={done}
        onFieldErrors={(fields) => {
          setPrompting(undefined);
          form.setErrors({ resellerEmail: fields.resellerEmail, creditPoint: fields.creditPoint });
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
  const errorText = useErrorText();
  const profile = useProfile();
  // An admin who enters its own e-mail adds credit to its own balance rather than sending it.
  const ownEmail = profile.data?.data.IBOReseller.email.toLowerCase();
  const recharge = useRechargeCredit();
  const form = useZodForm(passcodeForm, { initialValues: { passcode: '' } });
  const stepUp = useStepUpInPlace(points !== undefined);
  /** The prompt was closed during the step-up: the refused recharge then closes it rather than asking again. */
  const closing = useRef(false);
  const adds = email.toLowerCase() === ownEmail;

  const close = () => {
    if (stepUp.asking) {
      closing.current = true;
      stepUp.settle(false);
      return;
    }
    if (recharge.isPending) return;
    form.reset();
    onClose();
  };

  const send = form.submit(
    ({ passcode }) => {
      if (points === undefined) return;
      recharge.mutate(
        { resellerEmail: email, creditPoint: String(points), creditSharePasscode: passcode },
        {
          onSuccess: (answer) => {
            form.reset();
            onDone(answer.msg);
          },
          // The recharge chooses its own messages (business-panel.md §8, Recharge) and shows them here.
          onError: (failure) => {
            shownWhereItHappened(failure);
            if (failure instanceof ApiError && failure.code === 'STEP_UP_REQUIRED') {
              // The step-up was cancelled: nothing moved; the passcode stays for another try, unless the prompt was closed.
              if (closing.current) {
                closing.current = false;
                form.reset();
                onClose();
              } else form.setAlert(t('stepUp.cancelled'));
              return;
            }
            const reaction = rechargeFailure(failure);
            if (reaction.where === 'passcode') form.setFieldError('passcode', reaction.message);
            else {
              form.reset();
              if (reaction.where === 'fields') onFieldErrors(reaction.fields);
              else {
                toastError(reaction.message);
                onClose();
              }
            }
          },
        },
      );
    },
    () => {
      // The recharge's own words for an empty passcode (business-panel.md §8).
      if (!form.values.passcode) form.setFieldError('passcode', t('credit.recharge.passcodeRequired'));
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // React events bubble through portals: the page's form must not see this one's submit.
    event.stopPropagation();
    send(event);
  };

  const summary = <MoneySummary move="recharge" recipient={email} points={points ?? 0} adds={adds} />;
  return (
    <Modal
      opened={points !== undefined}
      onClose={close}
      title={t(stepUp.asking ? 'stepUp.title' : 'credit.recharge.passcodeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {stepUp.asking ? (
        <StepUpForm purpose={adds ? 'add' : 'send'} onDone={stepUp.settle}>
          {summary}
        </StepUpForm>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {summary}
            <PasscodeInput
              label={t('credit.recharge.passcode')}
              {...form.getInputProps('passcode')}
              error={errorText(form.errors.passcode, 'creditSharePasscode')}
            />
            <FormAlert form={form} />
            <FormActions form={form}>
              <Button variant="default" onClick={close} disabled={recharge.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={recharge.isPending}>
                {t('credit.recharge.confirm')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
