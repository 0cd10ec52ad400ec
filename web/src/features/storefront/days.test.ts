import { describe, expect, it } from 'vitest';
import { dayChoices, formatDays, sortDays } from './days';

describe('reminder milestones', () => {
  it('keeps each day once, the days before from the farthest and the days after from the nearest', () => {
    expect(sortDays([1, 7, 3, 7], 'before')).toEqual([7, 3, 1]);
    expect(sortDays([7, 0, 1, 1], 'after')).toEqual([0, 1, 7]);
  });

  it('offers 1 to 30 days before and 0 to 30 days after', () => {
    expect(dayChoices('before')[0]).toBe(1);
    expect(dayChoices('before').at(-1)).toBe(30);
    expect(dayChoices('after')).toHaveLength(31);
  });

  it('writes a count of days in each language with its plural and Latin digits', () => {
    expect(formatDays(1, 'en')).toBe('1 day');
    expect(formatDays(3, 'en')).toBe('3 days');
    expect(formatDays(3, 'de')).toBe('3 Tage');
    expect(formatDays(3, 'ar')).toMatch(/3/);
  });
});
