import { TextInput, type TextInputProps } from '@mantine/core';
import { formatMacInput, MAC_LENGTH } from '@panel/contract';

/**
 * The MAC address field of every device screen: what is typed is formatted as it goes into
 * colon-separated pairs of letters and digits, at most 17 characters (core-panel.md §5).
 */
export function MacInput({ onChange, ...props }: Omit<TextInputProps, 'onChange'> & { onChange?: (value: string) => void }) {
  return (
    <TextInput
      placeholder="AA:BB:CC:DD:EE:FF"
      autoComplete="off"
      spellCheck={false}
      maxLength={MAC_LENGTH}
      dir="ltr"
      {...props}
      onChange={(event) => onChange?.(formatMacInput(event.currentTarget.value))}
    />
  );
}
