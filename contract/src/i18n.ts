import en from './messages/en.json' with { type: 'json' };
import ar from './messages/ar.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import br from './messages/br.json' with { type: 'json' };
import esp from './messages/esp.json' with { type: 'json' };
import { DEFAULT_LOCALE, LANGUAGE_TAGS, LOCALES, RTL_LOCALES, type Locale } from './constants.js';

/** The API's own texts (validation, errors, mails) in every locale; the web app merges them into its resources. */
export const API_MESSAGES: Record<Locale, typeof en> = { en, ar, de, br, esp };

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = Object.fromEntries(LOCALES.map((l) => [l, new Intl.PluralRules(LANGUAGE_TAGS[l])])) as Record<Locale, Intl.PluralRules>;

/** A key's text; with a numeric `count`, its plural form as i18next names them (`key_one`, `key_few`, `key_other`). */
function textOf(locale: Locale, key: string, count: unknown): string | undefined {
  const tree = API_MESSAGES[locale];
  if (typeof count === 'number') {
    const form = lookup(tree, `${key}_${pluralRules[locale].select(count)}`) ?? lookup(tree, `${key}_other`);
    if (form !== undefined) return form;
  }
  return lookup(tree, key);
}

const ISOLATES = /[\u2068\u2069]/g;

/**
 * A value inside a right-to-left sentence keeps its own direction only when isolated (first-strong
 * isolate … pop): unisolated, "1-year" reads "year-1" and a MAC's parts change places. The panel
 * isolates its own interpolations the same way (web/src/i18n).
 */
export const isolate = (value: string) => `\u2068${value}\u2069`;

/**
 * Translates a message key with i18next-style `{{name}}` placeholders and plural keys (chosen by a
 * numeric `count`); unknown keys fall back to English, then to the key.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = textOf(locale, key, params.count) ?? textOf('en', key, params.count) ?? key;
  const rtl = RTL_LOCALES.includes(locale);
  const interpolated = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (rtl ? isolate(String(params[name] ?? '')) : String(params[name] ?? '')));
  // i18next nesting, for a sentence with two counts: `$t(counts.devices, {"count": 3})`.
  return interpolated.replace(/\$t\(([\w.]+)(?:, (\{[^()]*\}))?\)/g, (_, nested: string, options?: string) =>
    translate(locale, nested, { ...params, ...(options ? (JSON.parse(options.replace(ISOLATES, '')) as Record<string, number>) : {}) }),
  );
}

/**
 * Reads `Accept-Language`. The specification's client sends `ar-EG` or `en-US`; the panel's own
 * locale codes (`de`, `br` for Brazilian Portuguese, `esp` for Spanish) and their standard tags are accepted too.
 */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if ((LOCALES as readonly string[]).includes(tag)) return tag as Locale;
    const primary = tag.split('-')[0];
    if (primary === 'ar' || primary === 'en' || primary === 'de') return primary;
    if (primary === 'pt') return 'br';
    if (primary === 'es') return 'esp';
  }
  return DEFAULT_LOCALE;
}
