import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { stepUpBody, stepUpPasskeyOptionsEndpoint, type StepUpBody } from '@panel/contract';
import { ApiError, setStepUpHandler } from '../../api/client';
import { useZodForm } from '../../components/form';
import { assertWithPasskey, passkeyCancelled, passkeysSupported } from '../../lib/passkey';
import { SwitchCodeMethod, TwoFactorCodeField } from '../auth';
import { usePasskeys } from './passkeys';
import { confirmStepUp } from './step-up';
import { useTwoFactor } from './two-factor';

type Pending = { promise: Promise<boolean>; settle: (confirmed: boolean) => void };

/**
 * Mounted once near the app's root: when a call meets 403 STEP_UP_REQUIRED, the API client asks
 * here (setStepUpHandler). Calls that meet it together share one prompt; confirming repeats each,
 * cancelling lets each fail with its own 403, shown by its screen as any error.
 */
export function StepUpProvider() {
  const pending = useRef<Pending>(undefined);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setStepUpHandler(() => {
      if (pending.current) return pending.current.promise;
      let resolve!: (confirmed: boolean) => void;
      const promise = new Promise<boolean>((r) => (resolve = r));
      pending.current = {
        promise,
        settle: (confirmed) => {
          pending.current = undefined;
          setOpen(false);
          resolve(confirmed);
        },
      };
      setOpen(true);
      return promise;
    });
    return () => {
      setStepUpHandler(undefined);
      pending.current?.settle(false);
    };
  }, []);

  return open ? <StepUpModal onDone={(confirmed) => pending.current?.settle(confirmed)} /> : null;
}

function StepUpModal({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: confirmStepUp, meta: { silent: true } });
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
      onError: (error) => {
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

  return (
    <Modal opened onClose={() => onDone(false)} title={t('stepUp.title')} centered closeOnClickOutside={false}>
      <form
        onSubmit={(event) => {
          // The modal sits in the page's tree: its submit must not also submit the form under it.
          event.stopPropagation();
          send(event);
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">{t('stepUp.why')}</Text>
          {form.alert && (
            <Alert color="red" variant="light" role="alert">
              {form.alert}
            </Alert>
          )}
          <Text size="sm">{t(recovery ? 'auth.twoFactor.recoveryIntro' : 'auth.twoFactor.intro')}</Text>
          <TwoFactorCodeField
            recovery={recovery}
            value={form.values.code}
            onChange={(value) => form.setFieldValue('code', value)}
            error={codeError(form.errors.code)}
          />
          {!totpOff && <SwitchCodeMethod recovery={recovery} onSwitch={switchMethod} />}
          {hasPasskey && (
            <Button type="button" variant="default" loading={prompting} onClick={() => void confirmWithPasskey()}>
              {t('auth.twoFactor.usePasskey')}
            </Button>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onDone(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending && !prompting}>
              {t('stepUp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
