import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@panel/contract';
import { useResellerEmails } from '../api/reseller-emails';

type Props = {
  label: string;
  placeholder?: string;
  /** The loader's accessible name while the search runs. */
  searchingLabel: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
};

/**
 * A reseller e-mail box (the recharge screen, the create-code popup): typing searches the
 * resellers (at least 3 characters, once typing pauses for 500 ms) and offers their e-mails; any
 * e-mail may still be typed in full, as an admin does with its own to add self credit.
 */
export function ResellerEmailInput({ label, placeholder, searchingLabel, value, onChange, required, error, disabled }: Props) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const keyword = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const emails = useResellerEmails(keyword);
  const trimmed = value.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < SEARCH_MIN_LENGTH;
  const options = keyword ? (emails.data ?? []) : [];
  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      required={required}
      type="email"
      autoComplete="off"
      value={value}
      onChange={onChange}
      data={options}
      // The server already filtered the list by the keyword.
      filter={({ options: all }) => all}
      rightSection={emails.isFetching ? <Loader size={16} aria-label={searchingLabel} /> : undefined}
      description={tooShort ? t('table.searchHint', { count: SEARCH_MIN_LENGTH }) : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      disabled={disabled}
    />
  );
}
