import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/form';

/**
 * Error text for the public screens: the contract's keys, except where the specification words a
 * message its own way (core-panel.md §5: a missing value reads 'Required' on these forms).
 * `overrides` maps a contract key to an `auth.*` key for one form.
 */
export function useAuthErrorText(overrides: Record<string, string> = {}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const keys: Record<string, string> = { 'validation.required': 'auth.required', ...overrides };
  return (message: unknown, field: string, limits?: { min?: number; max?: number }): string | undefined => {
    if (typeof message === 'string' && keys[message]) return t(keys[message]);
    return errorText(message, field, limits);
  };
}
