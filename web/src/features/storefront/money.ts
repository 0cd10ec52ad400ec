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

/** A price kept as Stripe keeps it (990 EUR cents) in the reader's language: €9.90, 9,90 €. */
export function formatPrice(minor: number, currency: string, locale = currentLocale()): string {
  const value = minor / 10 ** currencyDigits(currency);
  try {
    return formatMoney(value, currency, locale);
  } catch {
    return `${value} ${currency}`;
  }
}

/** The price typed in major units (9.9 EUR) as the server keeps it (990); rounded, so 0.1 + 0.2 never sends 30.000000000000004. */
export const toMinor = (major: number, currency: string) => Math.round(major * 10 ** currencyDigits(currency));
export const toMajor = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/** The ISO 4217 codes the runtime knows, for the currency picker (the server checks against the same list). */
export const currencyCodes = (): string[] => Intl.supportedValuesOf('currency');

/** "EUR · Euro" in the reader's language, for the currency picker. */
export function currencyLabel(code: string, locale = currentLocale()): string {
  try {
    const name = new Intl.DisplayNames([locale === 'esp' ? 'es' : locale === 'br' ? 'pt-BR' : locale], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}
