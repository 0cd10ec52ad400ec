import { currentLocale } from '../../i18n';

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
