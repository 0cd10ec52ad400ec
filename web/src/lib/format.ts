import { LANGUAGE_TAGS, type Locale } from '@panel/contract';
import { currentLocale } from '../i18n';

/**
 * Every date, time and number the screens show goes through here, in the chosen language.
 * One digit system per language: Arabic uses Latin digits (`-u-nu-latn`), as its MAC addresses,
 * amounts typed into fields, the date picker and the API's messages do, so a screen never mixes
 * two. English keeps the specification's en-US forms.
 */
const INTL_LOCALES: Record<Locale, string> = { ...LANGUAGE_TAGS, ar: `${LANGUAGE_TAGS.ar}-u-nu-latn` };

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

function toDate(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  // A bare yyyy-mm-dd is a calendar day: read on the local calendar, not as UTC midnight (the day before, west of Greenwich).
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = value instanceof Date ? value : day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * One style per language for every date on the screens. English keeps the specification's
 * MM-dd-yyyy hh:mm a (business-panel.md §9, core-panel.md §9); the other languages write their
 * own day order with a four-digit year and the same fields, so that a list, a popup and a date
 * filter read alike. Only log dates (core-panel.md §9) add the seconds.
 */
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const MINUTE: Intl.DateTimeFormatOptions = { ...DAY, hour: 'numeric', minute: '2-digit' };

function englishDate(date: Date, utc: boolean) {
  const [year, month, day] = utc ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()] : [date.getFullYear(), date.getMonth(), date.getDate()];
  return `${pad(month + 1)}-${pad(day)}-${year}`;
}

function englishDateTime(date: Date, utc: boolean) {
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${englishDate(date, utc)} ${pad(hour12)}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

const dateTimeFormat = (locale: Locale, utc: boolean) =>
  cached(`dt:${locale}:${utc ? 'utc' : ''}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { ...MINUTE, ...(utc ? { timeZone: 'UTC' } : {}) }));

/** A date and time to the minute: the style of every list, popup and detail. */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return locale === 'en' ? englishDateTime(date, false) : dateTimeFormat(locale, false).format(date);
}

/** Tickets' dates (core-panel.md §9: ticket times are UTC): as `formatDateTime`, on the UTC clock. */
export function formatUtcDateTime(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return locale === 'en' ? englishDateTime(date, true) : dateTimeFormat(locale, true).format(date);
}

const dayFormat = (locale: Locale) => cached(`d:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], DAY));

/** A day without its time (expiry dates, report ranges), in the style of `formatDateTime`. */
export function formatDate(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return locale === 'en' ? englishDate(date, false) : dayFormat(locale).format(date);
}

const DAYJS_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'DD', month: 'MM', year: 'YYYY' };

/** The dayjs pattern of `formatDate`, for the date pickers' `valueFormat`: a picked day reads as the lists write it. */
export function dateInputFormat(locale: Locale = currentLocale()): string {
  if (locale === 'en') return 'MM-DD-YYYY';
  return dayFormat(locale)
    .formatToParts(new Date(2026, 10, 22))
    .map((part) => DAYJS_TOKENS[part.type] ?? `[${part.value}]`)
    .join('');
}

/** A month and its year (a chart's monthly period): "Nov 2026", "نوفمبر 2026", "Nov. 2026". */
export function formatMonth(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return cached(`mo:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { year: 'numeric', month: 'short' })).format(date);
}

/** A day without its year (a chart's axis, where the range gives the year): 11-26 in English, 26.11. in German. */
export function formatShortDay(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  if (locale === 'en') return englishDate(date, false).slice(0, 5);
  return cached(`sd:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { month: '2-digit', day: '2-digit' })).format(date);
}

/** A share of 0..1 as a percentage in the language's style: 42.5%, 42,5 %, ٪42.5. */
export function formatPercent(value: number, locale: Locale = currentLocale()): string {
  return cached(`pc:${locale}`, () => new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'percent', maximumFractionDigits: 1 })).format(value);
}

/** A day as the API's yyyy-mm-dd, on the local calendar. */
export function isoDay(value: Date): string {
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** Log dates to the second (core-panel.md §9): in English en-US with a 12-hour clock, e.g. 1/5/2026, 12:07:09 AM. */
export function formatLogDate(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return cached(
    `log:${locale}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALES[locale], locale === 'en' ? { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' } : { ...MINUTE, second: '2-digit' }),
  ).format(date);
}

/** A number with the language's grouping; `compact` writes 1.3M (the top bar's balance on a phone). */
export function formatNumber(value: number, locale: Locale = currentLocale(), options: { compact?: boolean } = {}): string {
  return cached(
    `n:${locale}:${options.compact ? 'c' : ''}`,
    () => new Intl.NumberFormat(INTL_LOCALES[locale], options.compact ? { notation: 'compact', maximumFractionDigits: 1 } : {}),
  ).format(value);
}

/**
 * An amount of money in its currency, in the chosen language: €19.90 in English, 19,90 € in
 * German. The API sends amounts as exact decimal strings ("19.90"); they are only shown here,
 * never computed with.
 */
export function formatMoney(amount: string | number, currency: string, locale: Locale = currentLocale()): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (amount === '' || !Number.isFinite(value)) return '';
  return cached(`m:${locale}:${currency}`, () => new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency })).format(value);
}

const relativeFormatters = new Map<Locale, Intl.RelativeTimeFormat>();

/**
 * How many calendar days from today until `value`, in words of the language: "today", "tomorrow",
 * "in 3 days" ("بعد 3 أيام", "in 3 Tagen"). Counted in calendar days, so that an expiry tomorrow
 * morning reads "tomorrow" however few hours are left.
 */
export function formatDaysFromNow(value: string | Date | null | undefined, locale: Locale = currentLocale(), now = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((midnight(date) - midnight(now)) / 86_400_000);
  let formatter = relativeFormatters.get(locale);
  if (!formatter) relativeFormatters.set(locale, (formatter = new Intl.RelativeTimeFormat(INTL_LOCALES[locale], { numeric: 'auto' })));
  return formatter.format(days, 'day');
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A file's size in the largest unit under 1000 of it (decimal units, as kB and MB are): 12.4 MB, 12,4 MB. */
export function formatBytes(bytes: number, locale: Locale = currentLocale()): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return cached(
    `b:${locale}:${unit}`,
    () => new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }),
  ).format(value);
}

/** A duration of milliseconds as seconds under a minute (2.4 s), else minutes (3.5 min). */
export function formatDuration(ms: number, locale: Locale = currentLocale()): string {
  const minutes = ms >= 60_000;
  return cached(
    `dur:${locale}:${minutes ? 'm' : 's'}`,
    () => new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'short', maximumFractionDigits: 1 }),
  ).format(minutes ? ms / 60_000 : ms / 1000);
}
