import type { Locale } from '@panel/contract';
import { currentLocale } from '../../i18n';
import { formatMoney } from '../../lib/format';

/** The currency's minor-unit digits as ISO 4217 gives them (2 for EUR, 0 for JPY, 3 for KWD). */
export function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A price kept in the currency's minor unit (990 = 9.90 EUR, as Stripe's `unit_amount`), in the page's language. */
export function formatPrice(minor: number, currency: string, locale: Locale = currentLocale()): string {
  return formatMoney(minor / 10 ** fractionDigits(currency), currency, locale);
}
