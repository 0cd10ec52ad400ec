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
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Applications' and tickets' dates: in English the specification's MM-dd-yyyy hh:mm a
 * (business-panel.md §9), in other languages their own date and a minute-precise time.
 */
export function formatDateTime(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  if (locale === 'en') {
    const hours = date.getHours();
    const hour12 = hours % 12 === 0 ? 12 : hours % 12;
    return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()} ${pad(hour12)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  }
  return cached(`dt:${locale}`, () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'short', timeStyle: 'short' })).format(date);
}

/** Tickets' dates (core-panel.md §9: ticket times are UTC): as `formatDateTime`, on the UTC clock. */
export function formatUtcDateTime(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  if (locale === 'en') {
    const hours = date.getUTCHours();
    const hour12 = hours % 12 === 0 ? 12 : hours % 12;
    return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()} ${pad(hour12)}:${pad(date.getUTCMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
  }
  return cached(
    `utc:${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }),
  ).format(date);
}

/** Log dates to the second (core-panel.md §9): in English en-US with a 12-hour clock, e.g. 1/5/2026, 12:07:09 AM. */
export function formatLogDate(value: string | Date | null | undefined, locale: Locale = currentLocale()): string {
  const date = toDate(value);
  if (!date) return '';
  return cached(
    `log:${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALES[locale], { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' }),
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
