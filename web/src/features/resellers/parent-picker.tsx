import { useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@panel/contract';
import { useParentCandidates } from './get-parent-candidates';

export type ParentChoice = { id: number; name: string; email: string };

type Props = {
  value: ParentChoice | null;
  onChange: (choice: ParentChoice | null) => void;
  /** Accounts that cannot be chosen: the account being moved and its current parent. */
  excludeIds: number[];
  error?: string;
  disabled?: boolean;
};

/**
 * The e-mail search of the switch and assign screens (business-panel.md §2): at least 3
 * characters, once typing pauses, among the accounts the caller may choose as a parent.
 */
export function ParentPicker({ value, onChange, excludeIds, error, disabled }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const keyword = debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
  const candidates = useParentCandidates(keyword);
  const found = keyword ? (candidates.data?.data.IBOReseller ?? []).filter((c) => !excludeIds.includes(c.id)) : [];
  // The chosen account stays an option while the list shows another keyword's matches.
  const options = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;
  const tooShort = search.trim().length > 0 && search.trim().length < SEARCH_MIN_LENGTH;

  let description: string | undefined;
  if (tooShort) description = t('table.searchHint', { count: SEARCH_MIN_LENGTH });
  else if (keyword && candidates.isError) description = t('resellerForms.errors.resellerListError');

  return (
    <Select
      label={t('resellerForms.picker.label')}
      placeholder={t('resellerForms.picker.placeholder')}
      required
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options.map((c) => ({ value: String(c.id), label: c.email }))}
      // The server already filtered by the keyword (names too, not only the e-mail shown).
      filter={({ options: all }) => all}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(options.find((c) => String(c.id) === id) ?? null)}
      nothingFoundMessage={keyword && !candidates.isFetching && !candidates.isError ? t('resellerForms.errors.noResellersFound') : undefined}
      rightSection={candidates.isFetching ? <Loader size={16} aria-label={t('resellerForms.picker.searching')} /> : undefined}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      disabled={disabled}
    />
  );
}
