import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stepUpBody, stepUpPasskeyOptionsEndpoint, type StepUpBody } from '@panel/contract';
import { ApiError, setStepUpHandler } from '../../api/client';
import { useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { shownWhereItHappened } from '../../lib/feedback';
import { assertWithPasskey, passkeyCancelled, passkeysSupported } from '../../lib/passkey';
import { SwitchCodeMethod, TwoFactorCodeField } from '../auth';
import { usePasskeys } from './passkeys';
import { confirmStepUp } from './step-up';
import { useTwoFactor } from './two-factor';

/** Shows or hides one place that asks (a screen's own dialog, or the provider's modal). */
type Host = (asking: boolean) => void;

/**
 * The screens that ask in their own dialog while it is open (a money move: its dialog turns into
 * this step rather than a second dialog opening on top of it), the latest last.
 */
const inPlace: Host[] = [];
let pending: { promise: Promise<boolean>; host: Host; settle: (confirmed: boolean) => void } | undefined;

/** Asks once for the calls that meet a step-up together: in a screen's dialog if one is open, else in `fallback`. */
function ask(fallback: Host): Promise<boolean> {
  if (pending) return pending.promise;
  const host = inPlace.at(-1) ?? fallback;
  let resolve!: (confirmed: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  pending = {
    promise,
    host,
    settle: (confirmed) => {
      pending = undefined;
      host(false);
      resolve(confirmed);
    },
  };
  host(true);
  return promise;
}

/** Confirmed: the waiting calls run again; cancelled: each fails with its own 403. */
const settle = (confirmed: boolean) => pending?.settle(confirmed);

/**
 * Mounted once near the app's root: when a call meets 403 STEP_UP_REQUIRED, the API client asks
 * here (setStepUpHandler). A screen that asks in place (useStepUpInPlace) shows the step in its
 * own dialog; otherwise this modal does.
 */
export function StepUpProvider() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setStepUpHandler(() => ask(setOpen));
    return () => {
      setStepUpHandler(undefined);
      settle(false);
    };
  }, []);

  return open ? (
    <Modal opened onClose={() => settle(false)} title={t('stepUp.title')} centered closeOnClickOutside={false}>
      <StepUpForm onDone={settle} />
    </Modal>
  ) : null;
}

/**
 * A dialog that moves money asks for the step-up in its own place while `open`: `asking` says
 * when to show `StepUpForm` (and the title `stepUp.title`) instead of its content, `settle` ends
 * it as the form's `onDone`, and cancels it when the dialog closes. The call that needed it is
 * still pending meanwhile: confirmed, it runs again and completes the move.
 */
export function useStepUpInPlace(open: boolean) {
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (!open) return;
    const host: Host = (shown) => setAsking(shown);
    inPlace.push(host);
    return () => {
      inPlace.splice(inPlace.indexOf(host), 1);
      if (pending?.host === host) pending.settle(false);
    };
  }, [open]);
  return { asking, settle };
}

export type StepUpPurpose = 'change' | 'send' | 'deduct' | 'add';
const PURPOSE_TEXT = { change: 'stepUp.why', send: 'stepUp.send', deduct: 'stepUp.deduct', add: 'stepUp.add' } as const;

type FormProps = {
  /** true once confirmed, false when cancelled. */
  onDone: (confirmed: boolean) => void;
  /** What the confirmation is for, in its plain sentence: a money move names its credits. */
  purpose?: StepUpPurpose;
  /** Shown above the sentence: what is about to happen (a money move's summary). */
  children?: ReactNode;
};

/** The step itself: a code from the app, a recovery code or the passkey, then Confirm. */
export function StepUpForm({ onDone, purpose = 'change', children }: FormProps) {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: confirmStepUp });
  const hasPasskey = (usePasskeys().data?.data.length ?? 0) > 0 && passkeysSupported();
  // An account with passkeys only has no app: its code is a recovery code.
  const totpOff = useTwoFactor().data?.data.totp === false;
  const [recoveryChosen, setRecovery] = useState(false);
  const recovery = recoveryChosen || totpOff;
  const [prompting, setPrompting] = useState(false);
  // The contract's code rule; a wrong code stays under the field until the next try.
  const form = useZodForm<{ code: string }, StepUpBody>(stepUpBody, { initialValues: { code: '' }, clearInputErrorOnChange: false });
  const codeError = (message: unknown) => (message === 'validation.required' ? t('auth.required') : typeof message === 'string' && message !== '' ? message : undefined);

  const send = form.submit((body) =>
    mutation.mutate(body, {
      onSuccess: () => onDone(true),
      // A wrong code stands under its field, anything else in the step's alert.
      onError: (error) => {
        shownWhereItHappened(error);
        if (error instanceof ApiError && (error.code === 'INVALID_TWO_FACTOR_CODE' || error.errors.code)) {
          form.setFieldError('code', error.errors.code?.[0] ?? error.message);
        } else {
          form.setAlert(error.message);
        }
      },
    }),
  );

  const confirmWithPasskey = async () => {
    form.setAlert(undefined);
    setPrompting(true);
    try {
      const passkey = await assertWithPasskey(stepUpPasskeyOptionsEndpoint);
      await mutation.mutateAsync({ passkey });
      onDone(true);
    } catch (error) {
      shownWhereItHappened(error);
      form.setAlert(passkeyCancelled(error) ? t('auth.twoFactor.passkeyCancelled') : error instanceof Error ? error.message : String(error));
    } finally {
      setPrompting(false);
    }
  };

  const switchMethod = () => {
    setRecovery((r) => !r);
    form.setFieldValue('code', '');
    form.clearFieldError('code');
  };

  const how = recovery ? t('auth.twoFactor.recoveryIntro') : t(hasPasskey ? 'stepUp.withAppOrPasskey' : 'stepUp.withApp');
  return (
    <form
      onSubmit={(event) => {
        // The dialog sits in the page's tree: its submit must not also submit the form under it.
        event.stopPropagation();
        send(event);
      }}
      noValidate
    >
      <Stack gap="md">
        {children}
        <Text size="sm">
          {t(PURPOSE_TEXT[purpose])} {how}
        </Text>
        {form.alert && (
          <Alert color="red" variant="light" role="alert">
            {form.alert}
          </Alert>
        )}
        <TwoFactorCodeField recovery={recovery} value={form.values.code} onChange={(value) => form.setFieldValue('code', value)} error={codeError(form.errors.code)} />
        {!totpOff && <SwitchCodeMethod recovery={recovery} onSwitch={switchMethod} />}
        {hasPasskey && (
          <Button type="button" variant="default" loading={prompting} onClick={() => void confirmWithPasskey()}>
            {t('auth.twoFactor.usePasskey')}
          </Button>
        )}
        <FormActions form={form}>
          <Button variant="default" onClick={() => onDone(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending && !prompting}>
            {t('stepUp.confirm')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
