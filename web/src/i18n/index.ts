import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LANGUAGE_TAGS, LOCALES, LOCALE_STORAGE_KEY, RTL_LOCALES, isolate, type Locale } from '@panel/contract';
import { retryOnce } from '../lib/retry-once';

type Bundle = Record<string, unknown>;

/**
 * Each language is loaded when chosen, in two chunks: the core texts (sign-in screens, layout,
 * errors) with the contract's field names and validation messages (`./api/<locale>.ts`; the texts
 * of the API's answers stay on the server), so forms speak the server's words; and the panel
 * texts of every signed-in screen with the API's texts only they show (`./api/panel/`: the error
 * catalogue's texts some screens word themselves, the backup findings; see vite.config.ts),
 * fetched with the signed-in shell (`loadPanelTexts`), so /login never downloads them. The public
 * store pages load a third part of their own instead (`loadStoreTexts`).
 */
const coreLoaders: Record<Locale, () => Promise<Bundle[]>> = {
  en: () => Promise.all([import('./locales/en.json'), import('./api/en')]).then(([ui, api]) => [ui.default, { ...api }]),
  ar: () => Promise.all([import('./locales/ar.json'), import('./api/ar')]).then(([ui, api]) => [ui.default, { ...api }]),
  de: () => Promise.all([import('./locales/de.json'), import('./api/de')]).then(([ui, api]) => [ui.default, { ...api }]),
  br: () => Promise.all([import('./locales/br.json'), import('./api/br')]).then(([ui, api]) => [ui.default, { ...api }]),
  esp: () => Promise.all([import('./locales/esp.json'), import('./api/esp')]).then(([ui, api]) => [ui.default, { ...api }]),
};

const panelLoaders: Record<Locale, () => Promise<Bundle[]>> = {
  en: () => Promise.all([import('./locales/panel/en.json'), import('./api/panel/en')]).then(([ui, api]) => [ui.default, { ...api }]),
  ar: () => Promise.all([import('./locales/panel/ar.json'), import('./api/panel/ar')]).then(([ui, api]) => [ui.default, { ...api }]),
  de: () => Promise.all([import('./locales/panel/de.json'), import('./api/panel/de')]).then(([ui, api]) => [ui.default, { ...api }]),
  br: () => Promise.all([import('./locales/panel/br.json'), import('./api/panel/br')]).then(([ui, api]) => [ui.default, { ...api }]),
  esp: () => Promise.all([import('./locales/panel/esp.json'), import('./api/panel/esp')]).then(([ui, api]) => [ui.default, { ...api }]),
};

/**
 * The texts of the public storefront (`/store/:slug`, issue 43), loaded only by its pages: a
 * customer never downloads the panel's texts, and the panel never downloads the store's.
 */
const storeLoaders: Record<Locale, () => Promise<Bundle[]>> = {
  en: () => import('./locales/store/en.json').then((ui) => [ui.default]),
  ar: () => import('./locales/store/ar.json').then((ui) => [ui.default]),
  de: () => import('./locales/store/de.json').then((ui) => [ui.default]),
  br: () => import('./locales/store/br.json').then((ui) => [ui.default]),
  esp: () => import('./locales/store/esp.json').then((ui) => [ui.default]),
};

const loaders = { core: coreLoaders, panel: panelLoaders, store: storeLoaders };
type Part = keyof typeof loaders;

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

/**
 * A value inside a right-to-left sentence keeps its own direction only when isolated: unisolated,
 * the file value "1-year" reads "year-1" and a MAC's or an e-mail's parts change places. Every
 * interpolated value of a right-to-left text is wrapped in first-strong isolates (FSI … PDI), as the
 * API's messages are (the contract's `isolate`), so no text has to remember it; left-to-right texts
 * are left as they are. i18next hands every interpolated value to its formatter (`alwaysFormat`);
 * the wrapper isolates what it answers.
 */
function isolateValuesInRtl() {
  const interpolator = i18n.services.interpolator as unknown as { format(value: unknown, format: string | undefined, lng: string | undefined, options: object): unknown };
  const format = interpolator.format.bind(interpolator);
  interpolator.format = (value, name, lng, options) => {
    const formatted = name ? format(value, name, lng, options) : value;
    return lng && isRtl(lng as Locale) && (typeof formatted === 'string' || typeof formatted === 'number') ? isolate(String(formatted)) : formatted;
  };
}

function applyDocumentDirection(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

/**
 * i18next picks plural forms with `Intl.PluralRules(<language code>)`, and our codes are not all
 * language tags: to Intl, `br` is Breton (five forms) and `esp` nothing. It asks for the rules of
 * the language's BCP 47 tag instead. i18next offers no option for this, hence the wrapper.
 */
function choosePluralsByLanguageTag() {
  const resolver = i18n.services.pluralResolver as { getRule(code: string, options?: object): unknown };
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(LANGUAGE_TAGS[code as Locale] ?? code, options);
}

const loaded = new Set<string>();
/** The parts asked for beside the core texts (the signed-in shell's, a store page's): a later language switch loads them too. */
const wanted = new Set<Part>(['core']);

async function ensureLoaded(locale: Locale, part: Part) {
  const key = `${part}:${locale}`;
  if (loaded.has(key)) return;
  const bundles = await retryOnce(loaders[part][locale])();
  // Merged deeply: a namespace may hold both the browser's texts and the API's (`credit.report.*`
  // next to `credit.recharged`); locales.test.ts keeps their keys apart.
  for (const bundle of bundles) i18n.addResourceBundle(locale, 'translation', bundle, true, true);
  loaded.add(key);
}

async function ensureLanguage(locale: Locale) {
  await Promise.all([...wanted].map((part) => ensureLoaded(locale, part)));
}

async function loadPart(part: Part) {
  wanted.add(part);
  await Promise.all([ensureLoaded(DEFAULT_LOCALE, part), ensureLoaded(currentLocale(), part)]);
}

/** The texts of the signed-in screens, in the current language and in English (the fallback). */
export const loadPanelTexts = () => loadPart('panel');

/** The texts of the public storefront's pages, in the current language and in English (the fallback). */
export const loadStoreTexts = () => loadPart('store');

/**
 * Loads the language and switches to it. `remember: false` leaves the stored choice alone: a store
 * page speaks its `?lang=` or its store's language, which is the customer's choice for that store,
 * not this browser's choice for the panel.
 */
export async function changeLocale(locale: Locale, { remember = true }: { remember?: boolean } = {}) {
  await ensureLanguage(locale);
  if (remember) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  await i18n.changeLanguage(locale);
}

/** Resolves once the stored language (and English, the fallback) are ready to render. */
export async function initI18n(locale: Locale = storedLocale()) {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: {},
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
      partialBundledLanguages: true,
    });
    i18n.on('languageChanged', (lng) => applyDocumentDirection(lng as Locale));
    choosePluralsByLanguageTag();
    isolateValuesInRtl();
  }
  await Promise.all([ensureLanguage(DEFAULT_LOCALE), ensureLanguage(locale)]);
  await i18n.changeLanguage(locale);
  applyDocumentDirection(locale);
}

export { i18n };
