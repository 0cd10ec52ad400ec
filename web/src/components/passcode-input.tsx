import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PASSCODE_MAX_LENGTH } from '@panel/contract';

/** The credit-share passcode field of every prompt: digits on phones, never autofilled, bounded. */
export function PasscodeInput(props: PasswordInputProps) {
  return <PasswordInput required data-autofocus inputMode="numeric" autoComplete="off" maxLength={PASSCODE_MAX_LENGTH} {...props} />;
}
