import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, RTL_LOCALES, type Locale } from '@panel/contract';

type Bundle = Record<string, unknown>;

/**
 * Each language is its own chunk, loaded when chosen: the browser's texts plus the API's
 * validation and error texts from the contract, so forms speak the server's words.
 */
const loaders: Record<Locale, () => Promise<[Bundle, Bundle]>> = {
  en: () => Promise.all([import('./locales/en.json'), import('@panel/contract/messages/en.json')]).then(([a, b]) => [a.default, b.default]),
  ar: () => Promise.all([import('./locales/ar.json'), import('@panel/contract/messages/ar.json')]).then(([a, b]) => [a.default, b.default]),
  de: () => Promise.all([import('./locales/de.json'), import('@panel/contract/messages/de.json')]).then(([a, b]) => [a.default, b.default]),
  br: () => Promise.all([import('./locales/br.json'), import('@panel/contract/messages/br.json')]).then(([a, b]) => [a.default, b.default]),
  esp: () => Promise.all([import('./locales/esp.json'), import('@panel/contract/messages/esp.json')]).then(([a, b]) => [a.default, b.default]),
};

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  ar: 'العربية',
  de: 'Deutsch',
  br: 'Português (Brasil)',
  esp: 'Español',
};

/** What `Accept-Language` carries for each locale (core-panel.md §7: ar-EG for Arabic, en-US otherwise). */
export const ACCEPT_LANGUAGE: Record<Locale, string> = { en: 'en-US', ar: 'ar-EG', de: 'de-DE', br: 'pt-BR', esp: 'es-ES' };

export function storedLocale(): Locale {
  const value = localStorage.getItem(LOCALE_STORAGE_KEY);
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;
}

export const isRtl = (locale: Locale) => RTL_LOCALES.includes(locale);

function applyDocumentDirection(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

async function ensureLoaded(locale: Locale) {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const [ui, api] = await loaders[locale]();
  // Merged deeply: a namespace may hold both the browser's texts and the API's (`credit.report.*`
  // next to `credit.recharged`); locales.test.ts keeps their keys apart.
  i18n.addResourceBundle(locale, 'translation', ui, true, true);
  i18n.addResourceBundle(locale, 'translation', api, true, true);
}

/** Loads the language, switches to it and remembers the choice in local storage. */
export async function changeLocale(locale: Locale) {
  await ensureLoaded(locale);
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
}

/** Resolves once the stored language (and English, the fallback) are ready to render. */
export async function initI18n(locale: Locale = storedLocale()) {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: {},
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      interpolation: { escapeValue: false },
      returnNull: false,
      partialBundledLanguages: true,
    });
    i18n.on('languageChanged', (lng) => applyDocumentDirection(lng as Locale));
  }
  await Promise.all([ensureLoaded(DEFAULT_LOCALE), ensureLoaded(locale)]);
  await i18n.changeLanguage(locale);
  applyDocumentDirection(locale);
}

export { i18n };
