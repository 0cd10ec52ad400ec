import { LANGUAGE_TAGS, REMINDER_DAYS_MAX, type Locale } from '@panel/contract';
import { currentLocale } from '../../i18n';

/**
 * "3 days", "1 day", "٣ أيام"…: the language's own plural forms through Intl's day unit, so a
 * milestone reads right in every language without a plural key per count. Arabic keeps Latin
 * digits, as every number of the panel does (lib/format.ts).
 */
export function formatDays(days: number, locale: Locale = currentLocale()): string {
  const tag = locale === 'ar' ? `${LANGUAGE_TAGS.ar}-u-nu-latn` : LANGUAGE_TAGS[locale];
  return new Intl.NumberFormat(tag, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(days);
}

/**
 * A milestone list as the contract answers it: each day once, in time order — the days before
 * from the farthest (7, 3, 1), the days after from the nearest (1, 7).
 */
export function sortDays(days: readonly number[], phase: 'before' | 'after'): number[] {
  return [...new Set(days)].sort((a, b) => (phase === 'before' ? b - a : a - b));
}

/** The days a milestone may be: 1–30 before (0 before is the expiry itself: that is "0 after"), 0–30 after. */
export const dayChoices = (phase: 'before' | 'after') =>
  Array.from({ length: REMINDER_DAYS_MAX + 1 }, (_, day) => day).filter((day) => phase === 'after' || day > 0);
