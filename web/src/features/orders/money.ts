import { currentLocale } from '../../i18n';
import { formatMoney } from '../../lib/format';

/** How many minor units make one of the currency (2 for EUR, 0 for JPY, 3 for KWD), as Intl knows it. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A store price, kept as Stripe keeps it (an integer in the currency's minor unit: 990 EUR cents),
 * in the reader's language: €9.90, 9,90 €. An unknown currency code reads as the number and the code.
 */
export function formatPrice(minor: number, currency: string, locale = currentLocale()): string {
  const value = minor / 10 ** currencyDigits(currency);
  try {
    return formatMoney(value, currency, locale);
  } catch {
    return `${value} ${currency}`;
  }
}
