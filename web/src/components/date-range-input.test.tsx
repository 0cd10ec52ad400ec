import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolate } from '@panel/contract';
import { changeLocale } from '../i18n';
import { formatRecordDay } from '../lib/format';
import { renderWithProviders } from '../test-utils';
import { DateRangeInput, defaultListRange, useDateRangeFilter } from './date-range-input';

afterEach(() => changeLocale('en'));

describe('DateRangeInput', () => {
  it('speaks the chosen language: the days as the lists write them, Arabic month and day names, a week from Saturday, and the rule in Arabic', async () => {
    await changeLocale('ar');
    renderWithProviders(<DateRangeInput label="التواريخ" start="2026-03-10" end="2026-03-20" onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: /^التواريخ/ })).toHaveTextContent(`${formatRecordDay('2026-03-10')} – ${formatRecordDay('2026-03-20')}`);
    expect(screen.getByText(`لا يتجاوز الفرق بين البداية والنهاية ${isolate('3')} أشهر`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^التواريخ/ }));
    expect(await screen.findByRole('button', { name: 'اختر شهرًا' })).toHaveTextContent('مارس 2026');
    // The week starts on Saturday.
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('س');
  });

  it('reports a range only once both ends are picked', async () => {
    const onChange = vi.fn();
    renderWithProviders(<DateRangeInput label="Dates" start="" end="" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /^Dates/ }));
    const days = await screen.findAllByRole('button', { name: /^\d+ \w+ \d{4}$/ });
    const inMonth = days.filter((d) => !d.hasAttribute('data-outside'));
    fireEvent.click(inMonth[2]!);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(inMonth[5]!);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![1] > onChange.mock.calls[0]![0]).toBe(true);
  });
});

describe('useDateRangeFilter', () => {
  it('lists the last months first, and without a date filter once the picker is cleared', () => {
    const applied = vi.fn();
    const { result } = renderHook(() => useDateRangeFilter(() => undefined, applied));
    expect(result.current.range).toEqual(defaultListRange());
    act(() => result.current.change('', ''));
    expect(result.current.range).toEqual({ from: '', to: '' });
    expect(applied).toHaveBeenCalledTimes(1);
    // Half a range is not sent.
    act(() => result.current.change('2026-03-10', ''));
    expect(result.current.range).toEqual({ from: '', to: '' });
    expect(applied).toHaveBeenCalledTimes(1);
  });
});
