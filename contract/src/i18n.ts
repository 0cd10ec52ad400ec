import en from './messages/en.json' with { type: 'json' };
import ar from './messages/ar.json' with { type: 'json' };
import de from './messages/de.json' with { type: 'json' };
import br from './messages/br.json' with { type: 'json' };
import esp from './messages/esp.json' with { type: 'json' };
import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants.js';

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

/** Translates a message key with i18next-style `{{name}}` placeholders; unknown keys fall back to English, then to the key. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(API_MESSAGES[locale], key) ?? lookup(API_MESSAGES.en, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
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
