import { useEffect, useRef, useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@panel/contract';

type Props = {
  /** Called with the keyword a list should use: '' or at least `minLength` characters, once typing pauses. */
  onSearch: (keyword: string) => void;
  label?: string;
  placeholder?: string;
  initialValue?: string;
  minLength?: number;
  debounceMs?: number;
  w?: number | string;
};

/**
 * The lists' keyword box (core-panel.md §5, §9): a keyword shorter than 3 characters is ignored
 * (the list behaves as if the box were empty) and a hint says why; changes reach the list only
 * after 500 ms without typing, so a word typed quickly costs one request.
 */
export function SearchInput({
  onSearch,
  label,
  placeholder,
  initialValue = '',
  minLength = SEARCH_MIN_LENGTH,
  debounceMs = SEARCH_DEBOUNCE_MS,
  w = 320,
}: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const trimmed = value.trim();
  const effective = trimmed.length >= minLength ? trimmed : '';
  const tooShort = trimmed.length > 0 && trimmed.length < minLength;

  // The keyword last handed to the list: a change back to it (typing "abc", then "abcd", then
  // "abc" within the pause) needs no new request.
  const emitted = useRef(initialValue.trim().length >= minLength ? initialValue.trim() : '');
  const latest = useRef(onSearch);
  latest.current = onSearch;

  useEffect(() => {
    if (effective === emitted.current) return;
    const timer = window.setTimeout(() => {
      emitted.current = effective;
      latest.current(effective);
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [effective, debounceMs]);

  return (
    <TextInput
      w={w}
      type="search"
      label={label ?? t('table.searchLabel')}
      placeholder={placeholder ?? t('table.searchPlaceholder')}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t('table.clearSearch')} onClick={() => setValue('')} /> : undefined
      }
      description={tooShort ? t('table.searchHint', { count: minLength }) : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      descriptionProps={{ 'aria-live': 'polite' }}
    />
  );
}
