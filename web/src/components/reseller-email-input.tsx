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
  /** E-mails the reseller search never answers but the box offers too when they match (an admin's own, for self credit). */
  alsoOffer?: readonly string[];
};

/**
 * A reseller e-mail box (the recharge screen, the create-code popup): typing searches the
 * resellers (at least 3 characters, once typing pauses for 500 ms) and offers their e-mails, and
 * the `alsoOffer` ones that match (the reseller list never holds the admin's own, which adds self
 * credit); any e-mail may still be typed in full.
 */
export function ResellerEmailInput({ label, placeholder, searchingLabel, value, onChange, required, error, disabled, alsoOffer = [] }: Props) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const keyword = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const emails = useResellerEmails(keyword);
  const trimmed = value.trim();
  const tooShort = trimmed.length > 0 && trimmed.length < SEARCH_MIN_LENGTH;
  const found = keyword ? (emails.data ?? []) : [];
  const extra = keyword ? alsoOffer.filter((email) => email.toLowerCase().includes(keyword.toLowerCase()) && !found.includes(email)) : [];
  const options = [...extra, ...found];
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
