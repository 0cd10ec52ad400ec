import { DEFAULT_DIAL_CODE, LANGUAGE_TAGS, type Locale } from '@panel/contract';

/** A country of the dial-code choice: ISO 3166 code and international dial code (business-panel.md §3, Country). */
export type Country = { code: string; dial_code: string };

/**
 * A compact list of the countries the panel's resellers mostly come from (Egypt, the dial code
 * the specification defaults to, first). Their names are not stored: `Intl.DisplayNames` gives
 * them in the reader's language.
 */
export const COUNTRIES: readonly Country[] = [
  { code: 'EG', dial_code: '+20' },
  { code: 'SA', dial_code: '+966' },
  { code: 'AE', dial_code: '+971' },
  { code: 'KW', dial_code: '+965' },
  { code: 'QA', dial_code: '+974' },
  { code: 'BH', dial_code: '+973' },
  { code: 'OM', dial_code: '+968' },
  { code: 'JO', dial_code: '+962' },
  { code: 'LB', dial_code: '+961' },
  { code: 'SY', dial_code: '+963' },
  { code: 'IQ', dial_code: '+964' },
  { code: 'PS', dial_code: '+970' },
  { code: 'YE', dial_code: '+967' },
  { code: 'LY', dial_code: '+218' },
  { code: 'TN', dial_code: '+216' },
  { code: 'DZ', dial_code: '+213' },
  { code: 'MA', dial_code: '+212' },
  { code: 'SD', dial_code: '+249' },
  { code: 'TR', dial_code: '+90' },
  { code: 'IR', dial_code: '+98' },
  { code: 'IL', dial_code: '+972' },
  { code: 'US', dial_code: '+1' },
  { code: 'CA', dial_code: '+1' },
  { code: 'MX', dial_code: '+52' },
  { code: 'BR', dial_code: '+55' },
  { code: 'AR', dial_code: '+54' },
  { code: 'CL', dial_code: '+56' },
  { code: 'CO', dial_code: '+57' },
  { code: 'PE', dial_code: '+51' },
  { code: 'VE', dial_code: '+58' },
  { code: 'GB', dial_code: '+44' },
  { code: 'IE', dial_code: '+353' },
  { code: 'DE', dial_code: '+49' },
  { code: 'AT', dial_code: '+43' },
  { code: 'CH', dial_code: '+41' },
  { code: 'FR', dial_code: '+33' },
  { code: 'BE', dial_code: '+32' },
  { code: 'NL', dial_code: '+31' },
  { code: 'LU', dial_code: '+352' },
  { code: 'ES', dial_code: '+34' },
  { code: 'PT', dial_code: '+351' },
  { code: 'IT', dial_code: '+39' },
  { code: 'GR', dial_code: '+30' },
  { code: 'CY', dial_code: '+357' },
  { code: 'SE', dial_code: '+46' },
  { code: 'NO', dial_code: '+47' },
  { code: 'DK', dial_code: '+45' },
  { code: 'FI', dial_code: '+358' },
  { code: 'PL', dial_code: '+48' },
  { code: 'CZ', dial_code: '+420' },
  { code: 'HU', dial_code: '+36' },
  { code: 'RO', dial_code: '+40' },
  { code: 'BG', dial_code: '+359' },
  { code: 'RS', dial_code: '+381' },
  { code: 'AL', dial_code: '+355' },
  { code: 'UA', dial_code: '+380' },
  { code: 'RU', dial_code: '+7' },
  { code: 'IN', dial_code: '+91' },
  { code: 'PK', dial_code: '+92' },
  { code: 'BD', dial_code: '+880' },
  { code: 'ID', dial_code: '+62' },
  { code: 'MY', dial_code: '+60' },
  { code: 'PH', dial_code: '+63' },
  { code: 'CN', dial_code: '+86' },
  { code: 'JP', dial_code: '+81' },
  { code: 'AU', dial_code: '+61' },
  { code: 'NG', dial_code: '+234' },
  { code: 'ZA', dial_code: '+27' },
  { code: 'KE', dial_code: '+254' },
];

export const DEFAULT_COUNTRY = COUNTRIES.find((c) => c.dial_code === DEFAULT_DIAL_CODE)!;

/** The country's name in the reader's language (the ISO code when the browser knows no name). */
export function countryNamer(locale: Locale): (code: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([LANGUAGE_TAGS[locale]], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code) => names?.of(code) ?? code;
}

/**
 * Splits a stored number (+201001234567) into its country and the digits after the dial code:
 * the longest dial code that starts it wins (+971 before +97…); Egypt when none does.
 */
export function splitWhatsapp(number: string | null | undefined): { country: Country; digits: string } {
  const value = (number ?? '').replace(/[^\d+]/g, '');
  if (!value) return { country: DEFAULT_COUNTRY, digits: '' };
  const match = [...COUNTRIES].sort((a, b) => b.dial_code.length - a.dial_code.length).find((c) => value.startsWith(c.dial_code));
  if (!match) return { country: DEFAULT_COUNTRY, digits: value.replace(/^\+/, '') };
  return { country: match, digits: value.slice(match.dial_code.length) };
}
