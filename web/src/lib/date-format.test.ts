import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLogDate } from './date-format';

describe('formatDateTime', () => {
  it('writes MM-dd-yyyy hh:mm a with a 12-hour clock', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 0, 7))).toBe('01-05-2026 12:07 AM');
    expect(formatDateTime(new Date(2026, 10, 22, 12, 30))).toBe('11-22-2026 12:30 PM');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59))).toBe('12-31-2026 11:59 PM');
  });

  it('answers an empty text for no date or an invalid one', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatLogDate', () => {
  it('writes en-US dates with a 12-hour clock', () => {
    // ICU puts a narrow no-break space before AM/PM; \s matches it and a plain space alike.
    expect(formatLogDate(new Date(2026, 0, 5, 0, 7, 9))).toMatch(/^1\/5\/2026, 12:07:09\sAM$/);
    expect(formatLogDate(new Date(2026, 10, 22, 13, 30, 0))).toMatch(/^11\/22\/2026, 1:30:00\sPM$/);
  });

  it('answers an empty text for no date or an invalid one', () => {
    expect(formatLogDate(undefined)).toBe('');
    expect(formatLogDate('not a date')).toBe('');
  });
});
