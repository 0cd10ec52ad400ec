import { LANGUAGE_TAGS, RTL_LOCALES, type Locale } from '@panel/contract';
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
 * Every date on the screens is written in one of two styles, the specification's (core-panel.md §9,
 * business-panel.md §9), and by one of two functions:
 *
 * - `formatLogTime`: the log screens (activation logs, credit and withdraw share logs, the account's
 *   activity log): en-US with a 12-hour clock, to the second: `11/29/2026, 4:18:47 AM`.
 * - `formatRecordTime`: every other date (tickets, applications, every other list, popup and detail):
 *   MM-dd-yyyy hh:mm a: `11-29-2026 04:18 AM`. `formatRecordDay` is its day alone (`11-29-2026`),
 *   for a date without a time (an expiry, a report's range).
 *
 * Time zone: a time is on the reader's clock and says nothing of it, except where the specification
 * says UTC (ticket times): those are on the UTC clock and always followed by "(UTC)", which
 * `formatRecordTime(value, { utc: true })` adds itself, so that no screen labels its times one way
 * and the next another.
 *
 * The other languages write their own day order with a four-digit year and the same fields, so
 * that a list, a popup and a date filter read alike.
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

/** What the language calls the UTC clock ("UTC" in all five today), as Intl names it. */
const utcName = (locale: Locale) =>
  cached(`tz:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone: 'UTC', timeZoneName: 'short' }))
    .formatToParts(0)
    .find((part) => part.type === 'timeZoneName')?.value ?? 'UTC';

/**
 * The record style (tickets, applications, every date but the logs'): MM-dd-yyyy hh:mm a in
 * English. `utc` (ticket times, core-panel.md §9) reads the UTC clock and says so: "… (UTC)".
 */
export function formatRecordTime(value: string | Date | null | undefined, { utc = false, locale = currentLocale() }: { utc?: boolean; locale?: Locale } = {}): string {
  const date = toDate(value);
  if (!date) return '';
  const text = locale === 'en' ? englishDateTime(date, utc) : dateTimeFormat(locale, utc).format(date);
  return utc ? `${text} (${utcName(locale)})` : text;
}

const dayFormat = (locale: Locale) => cached(`d:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], DAY));

/** The day of `formatRecordTime`, without its time (expiry dates, report ranges): MM-dd-yyyy in English. */
export function formatRecordDay(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return locale === 'en' ? englishDate(date, false) : dayFormat(locale).format(date);
}

const DAYJS_TOKENS: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'DD', month: 'MM', year: 'YYYY' };

/** The dayjs pattern of `formatRecordDay`, for the date pickers' `valueFormat`: a picked day reads as the lists write it. */
export function dateInputFormat(locale: Locale = currentLocale()): string {
  if (locale === 'en') return 'MM-DD-YYYY';
  return dayFormat(locale)
    .formatToParts(new Date(2026, 10, 22))
    .map((part) => DAYJS_TOKENS[part.type] ?? `[${part.value}]`)
    .join('');
}

/** Not a date but a chart's monthly period, its month and year: "Nov 2026", "نوفمبر 2026", "Nov. 2026". */
export function formatMonth(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return cached(`mo:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { year: 'numeric', month: 'short' })).format(date);
}

/** A chart axis's day, `formatRecordDay` without its year (the range gives it): 11-26 in English, 26.11. in German. */
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

/**
 * The log style (the log screens, core-panel.md §9): in English en-US with a 12-hour clock, to the
 * second, e.g. 1/5/2026, 12:07:09 AM; the other languages as `formatRecordTime` with the seconds.
 */
export function formatLogTime(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
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
  const text = cached(`m:${locale}:${currency}`, () => new Intl.NumberFormat(INTL_LOCALES[locale], { style: 'currency', currency })).format(value);
  // Arabic puts the symbol last ("49.90 R$"): in a right-to-left line a symbol of Latin letters and
  // a neutral sign would show the sign first ("$R"); a left-to-right mark after it keeps it whole.
  return RTL_LOCALES.includes(locale) ? `${text}\u200E` : text;
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
