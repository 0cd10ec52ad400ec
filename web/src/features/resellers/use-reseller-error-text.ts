import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/form';

/**
 * The contract's message keys as these forms word them (business-panel.md §5): an empty name
 * reads 'Name is required', an empty e-mail 'Email is required', an empty password 'Password is
 * required' (the contract's password rule starts with its length). Everything else as usual.
 */
export function useResellerErrorText() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (message: unknown, field: string, value?: unknown): string | undefined => {
    if (typeof message !== 'string' || message === '') return undefined;
    if (message === 'validation.required' && field === 'name') return t('resellerForms.validation.nameRequired');
    if (message === 'validation.required' && field === 'email') return t('resellerForms.validation.emailRequired');
    if (field === 'password' && value === '' && message.startsWith('validation.')) return t('resellerForms.validation.passwordRequired');
    return errorText(message, field);
  };
}
