import { describe, expect, it } from 'vitest';
import { LOCALES } from '@panel/contract';
import dayjs from 'dayjs';
import { dateInputFormat, formatBytes, formatDaysFromNow, formatDuration, formatLogTime, formatMoney, formatNumber, formatRecordDay, formatRecordTime, isoDay } from './format';

const LATIN_ONLY = /^[^\u0660-\u0669\u06f0-\u06f9]*$/;

describe('formatRecordTime', () => {
  it('writes MM-dd-yyyy hh:mm a with a 12-hour clock in English', () => {
    expect(formatRecordTime(new Date(2026, 0, 5, 0, 7), { locale: 'en' })).toBe('01-05-2026 12:07 AM');
    expect(formatRecordTime(new Date(2026, 10, 22, 12, 30), { locale: 'en' })).toBe('11-22-2026 12:30 PM');
    expect(formatRecordTime(new Date(2026, 11, 31, 23, 59), { locale: 'en' })).toBe('12-31-2026 11:59 PM');
  });

  it("writes each other language's own day order, a four-digit year and the time to the minute", () => {
    const date = new Date(2026, 10, 22, 13, 30);
    expect(formatRecordTime(date, { locale: 'de' })).toBe('22.11.2026, 13:30');
    expect(formatRecordTime(date, { locale: 'br' })).toBe('22/11/2026, 13:30');
    expect(formatRecordTime(date, { locale: 'esp' })).toBe('22/11/2026, 13:30');
    // Arabic keeps its right-to-left marks around the slashes.
    expect(formatRecordTime(date, { locale: 'ar' }).replace(/\u200f/g, '')).toMatch(/^22\/11\/2026، 1:30\sم$/);
  });

  it('answers an empty text for no date or an invalid one', () => {
    expect(formatRecordTime(null, { locale: 'en' })).toBe('');
    expect(formatRecordTime('not a date', { locale: 'de' })).toBe('');
  });
});

describe('formatRecordDay', () => {
  it('writes a day in the style of formatRecordTime, without the time, in every language', () => {
    const date = new Date(2026, 10, 22, 13, 30);
    for (const locale of LOCALES) expect(formatRecordTime(date, { locale }).startsWith(formatRecordDay(date, locale)), locale).toBe(true);
    expect(formatRecordDay(date, 'en')).toBe('11-22-2026');
    expect(formatRecordDay(date, 'de')).toBe('22.11.2026');
    expect(formatRecordDay(date, 'br')).toBe('22/11/2026');
    expect(formatRecordDay(date, 'esp')).toBe('22/11/2026');
    expect(formatRecordDay(date, 'ar').replace(/\u200f/g, '')).toBe('22/11/2026');
  });

  it('reads a bare yyyy-mm-dd as that calendar day, whatever the time zone', () => {
    expect(formatRecordDay('2026-12-03', 'en')).toBe('12-03-2026');
    expect(isoDay(new Date(2026, 11, 3, 23, 59))).toBe('2026-12-03');
  });
});

describe('dateInputFormat', () => {
  it("makes the date pickers show a day as formatRecordDay writes it, in every language", () => {
    const date = new Date(2026, 0, 5);
    for (const locale of LOCALES) expect(dayjs(date).format(dateInputFormat(locale)), locale).toBe(formatRecordDay(date, locale));
  });
});

describe('formatLogTime', () => {
  it('writes en-US dates with a 12-hour clock in English', () => {
    // ICU puts a narrow no-break space before AM/PM; \s matches it and a plain space alike.
    expect(formatLogTime(new Date(2026, 0, 5, 0, 7, 9), 'en')).toMatch(/^1\/5\/2026, 12:07:09\sAM$/);
    expect(formatLogTime(new Date(2026, 10, 22, 13, 30, 0), 'en')).toMatch(/^11\/22\/2026, 1:30:00\sPM$/);
  });

  it('writes the other languages to the second, in their own order', () => {
    const date = new Date(2026, 10, 22, 13, 30, 5);
    expect(formatLogTime(date, 'de')).toBe('22.11.2026, 13:30:05');
    expect(formatLogTime(date, 'br')).toBe('22/11/2026, 13:30:05');
    expect(formatLogTime(date, 'esp')).toBe('22/11/2026, 13:30:05');
    expect(formatLogTime(date, 'ar').replace(/\u200f/g, '')).toMatch(/^22\/11\/2026، 1:30:05\sم$/);
  });

  it('answers an empty text for no date or an invalid one', () => {
    expect(formatLogTime(undefined, 'en')).toBe('');
    expect(formatLogTime('not a date', 'ar')).toBe('');
  });
});

describe('formatNumber', () => {
  it("groups digits the language's way", () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'br')).toBe('1.234.567');
    expect(formatNumber(1234567, 'esp')).toBe('1.234.567');
    expect(formatNumber(1234567, 'ar')).toBe('1,234,567');
  });

  it('writes compact amounts', () => {
    expect(formatNumber(1_250_000, 'en', { compact: true })).toBe('1.3M');
    expect(formatNumber(1_250_000, 'de', { compact: true })).toMatch(/^1,3\sMio\.$/);
  });

  it('uses Latin digits in every language, Arabic included', () => {
    for (const locale of LOCALES) {
      expect(formatNumber(9876543210, locale), locale).toMatch(LATIN_ONLY);
      expect(formatLogTime(new Date(2026, 0, 1, 9, 8, 7), locale), locale).toMatch(LATIN_ONLY);
    }
  });
});

describe('formatRecordTime on the UTC clock', () => {
  it('writes ticket dates as MM-dd-yyyy hh:mm a on the UTC clock, and says so', () => {
    expect(formatRecordTime('2026-01-05T00:07:00.000Z', { utc: true, locale: 'en' })).toBe('01-05-2026 12:07 AM (UTC)');
    expect(formatRecordTime('2026-11-22T23:30:00.000Z', { utc: true, locale: 'en' })).toBe('11-22-2026 11:30 PM (UTC)');
    expect(formatRecordTime('2026-11-22T23:30:00.000Z', { utc: true, locale: 'de' })).toBe('22.11.2026, 23:30 (UTC)');
  });

  it('labels no time on the reader\'s clock', () => {
    for (const locale of LOCALES) expect(formatRecordTime(new Date(2026, 10, 22, 13, 30), { locale }), locale).not.toMatch(/UTC|\(/);
  });
});

describe('formatMoney', () => {
  it("writes euros the language's way, always with two decimals", () => {
    expect(formatMoney('19.90', 'EUR', 'en')).toBe('€19.90');
    expect(formatMoney('1234.5', 'EUR', 'en')).toBe('€1,234.50');
    expect(formatMoney('1234.5', 'EUR', 'de')).toMatch(/^1\.234,50\s€$/);
    expect(formatMoney('19', 'EUR', 'esp')).toMatch(/^19,00\s€$/);
    expect(formatMoney('19.9', 'EUR', 'br')).toMatch(/^€\s19,90$/);
  });

  it('uses Latin digits in every language, Arabic included', () => {
    for (const locale of LOCALES) expect(formatMoney('99999999.99', 'EUR', locale), locale).toMatch(LATIN_ONLY);
    expect(formatMoney('19.90', 'EUR', 'ar')).toContain('19.90');
    // Real and dollar symbols stay whole in Arabic's right-to-left line ("R$", not "$R").
    expect(formatMoney('49.9', 'BRL', 'ar')).toBe('\u200F49.90\u00A0R$\u200E');
    expect(formatMoney('49.9', 'BRL', 'br')).toMatch(/^R\$\s49,90$/);
  });

  it('answers an empty text for an amount that is not a number', () => {
    expect(formatMoney('', 'EUR', 'en')).toBe('');
    expect(formatMoney('abc', 'EUR', 'en')).toBe('');
  });
});

describe('formatDaysFromNow', () => {
  const now = new Date(2026, 10, 22, 23, 30);

  it('counts calendar days, in words', () => {
    expect(formatDaysFromNow(new Date(2026, 10, 22, 23, 59), 'en', now)).toBe('today');
    // Half an hour left, but on the next day.
    expect(formatDaysFromNow(new Date(2026, 10, 23, 0, 1), 'en', now)).toBe('tomorrow');
    expect(formatDaysFromNow(new Date(2026, 10, 25, 12, 0), 'en', now)).toBe('in 3 days');
    expect(formatDaysFromNow(new Date(2026, 10, 25, 12, 0), 'de', now)).toBe('in 3 Tagen');
  });

  it('uses Latin digits in Arabic, and answers nothing for no date', () => {
    const text = formatDaysFromNow(new Date(2026, 10, 27, 12, 0), 'ar', now);
    expect(text).toContain('5');
    expect(text).toMatch(LATIN_ONLY);
    expect(formatDaysFromNow(null, 'en', now)).toBe('');
  });
});

describe('formatBytes', () => {
  it('writes a size in the largest decimal unit under 1000 of it, in the language', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(2048, 'en')).toBe('2 kB');
    expect(formatBytes(12_345_678, 'en')).toBe('12.3 MB');
    expect(formatBytes(3_400_000_000, 'en')).toBe('3.4 GB');
    expect(formatBytes(12_345_678, 'de')).toBe('12,3 MB');
    expect(formatBytes(12_345_678, 'ar')).toMatch(LATIN_ONLY);
  });
});

describe('formatDuration', () => {
  it('writes seconds under a minute, minutes from one', () => {
    expect(formatDuration(2400, 'en')).toBe('2.4 sec');
    expect(formatDuration(90_000, 'en')).toBe('1.5 min');
    expect(formatDuration(2400, 'de')).toBe('2,4 Sek.');
    expect(formatDuration(2400, 'ar')).toMatch(LATIN_ONLY);
  });
});
