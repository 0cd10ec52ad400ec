import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@panel/contract';
import { SearchInput } from './search-input';

const HINT = 'Please enter at least 3 characters to search';

function setup(initialValue?: string) {
  const onSearch = vi.fn();
  render(
    <MantineProvider>
      <SearchInput onSearch={onSearch} label="Search users" initialValue={initialValue} />
    </MantineProvider>,
  );
  const input = screen.getByRole('searchbox', { name: 'Search users' });
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  return { onSearch, input, type, wait };
}

describe('SearchInput', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ignores a keyword under 3 characters and shows the hint', () => {
    const { onSearch, type, wait } = setup();
    type('ab');
    expect(screen.getByText(HINT)).toBeInTheDocument();
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('hands a keyword of 3 characters or more to the list only after 500 ms without typing', () => {
    const { onSearch, type, wait } = setup();
    type('abc');
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    wait(SEARCH_DEBOUNCE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    wait(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('abc');
  });

  it('restarts the pause on every keystroke, so a word typed quickly is one search', () => {
    const { onSearch, type, wait } = setup();
    type('joh');
    wait(300);
    type('john');
    wait(300);
    type('john@');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('john@');
  });

  it('trims the keyword and does not search again for the same one', () => {
    const { onSearch, type, wait } = setup();
    type('  abc ');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenLastCalledWith('abc');
    type('abc');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('clears the search when the keyword shrinks below 3 characters or is emptied', () => {
    const { onSearch, type, wait } = setup();
    type('abcd');
    wait(SEARCH_DEBOUNCE_MS);
    type('ab');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onSearch).toHaveBeenCalledTimes(2);
    type('');
    wait(SEARCH_DEBOUNCE_MS);
    // Already cleared: no second request for the full list.
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it('empties the box with its clear button', () => {
    const { onSearch, input, type, wait } = setup();
    type('abcd');
    wait(SEARCH_DEBOUNCE_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('does not search for the keyword it starts with', () => {
    const { onSearch, wait } = setup('abc');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).not.toHaveBeenCalled();
  });
});
