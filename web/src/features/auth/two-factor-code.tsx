import { Anchor, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The code field of every place that asks for the second factor (the sign-in's second step, the
 * step-up modal): a 6-digit code from the app (one-time-code autocomplete) or a recovery code.
 */
export function TwoFactorCodeField({
  recovery,
  value,
  onChange,
  error,
}: {
  recovery: boolean;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      key={recovery ? 'recovery' : 'totp'}
      label={t(recovery ? 'auth.twoFactor.recoveryLabel' : 'auth.twoFactor.codeLabel')}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      maxLength={recovery ? 40 : 6}
      data-autofocus
      autoFocus
      dir="ltr"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/** "Use a recovery code" / "Use the authenticator app". */
export function SwitchCodeMethod({ recovery, onSwitch }: { recovery: boolean; onSwitch: () => void }) {
  const { t } = useTranslation();
  return (
    <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
      {t(recovery ? 'auth.twoFactor.useApp' : 'auth.twoFactor.useRecovery')}
    </Anchor>
  );
}
