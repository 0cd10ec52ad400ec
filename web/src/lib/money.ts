import type { Locale } from '@panel/contract';
import { currentLocale } from '../i18n';
import { formatMoney } from './format';

/**
 * Store prices (issue 43) are kept as Stripe keeps them: an integer in the currency's minor unit
 * (990 = 9.90 EUR). One place reads and writes them for the Sales screens, Insights and the public
 * store. Not part of /login: only their chunks import it.
 */

/** How many minor units make one of the currency (2 for EUR, 0 for JPY, 3 for KWD), as Intl knows it. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A price in minor units in the reader's language: €9.90, 9,90 €. An unknown currency code reads as the number and the code. */
export function formatPrice(minor: number, currency: string, locale: Locale = currentLocale()): string {
  const value = minor / 10 ** currencyDigits(currency);
  try {
    return formatMoney(value, currency, locale);
  } catch {
    return `${value} ${currency}`;
  }
}

/** A price in minor units as the product form shows it, in major units (990 EUR → 9.9). */
export const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);
