import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS, LOCALES, PERMISSION_GROUPS, translate, type Locale } from '@panel/contract';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!))].sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Keys with their plural forms folded into one (`roleInUse_one`, `roleInUse_other` → `roleInUse`). */
const baseKeys = (keys: Iterable<string>) => [...new Set([...keys].map((k) => k.replace(PLURAL_SUFFIX, '')))].sort();
const pluralForms = (locale: Locale) => new Intl.PluralRules(LANGUAGE_TAGS[locale]).resolvedOptions().pluralCategories.slice().sort();

const folders = {
  web: path.resolve(import.meta.dirname, 'locales'),
  panel: path.resolve(import.meta.dirname, 'locales/panel'),
  store: path.resolve(import.meta.dirname, 'locales/store'),
  api: path.resolve(import.meta.dirname, '../../../contract/src/messages'),
};

describe.each(Object.entries(folders))('%s locale files', (_name, folder) => {
  const read = (locale: string) => flatten(JSON.parse(fs.readFileSync(path.join(folder, `${locale}.json`), 'utf8')) as Tree);
  const english = read('en');

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys, each with its placeholders', (locale) => {
    const other = read(locale);
    expect(baseKeys(other.keys())).toEqual(baseKeys(english.keys()));
    for (const [key, text] of other) {
      const englishText = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, '_other')) ?? '';
      // A plural form may spell its number out ("دقيقتين", two minutes): only `count`, or `amount`
      // (the count written for display), may be left out.
      const without = (list: string[]) => list.filter((p) => !PLURAL_SUFFIX.test(key) || (p !== 'count' && p !== 'amount'));
      expect(without(placeholders(text)), `${locale}: ${key}`).toEqual(without(placeholders(englishText)));
      expect(text.trim(), `${locale}: ${key} is empty`).not.toBe('');
    }
  });

  it.each(LOCALES)('%s gives every counted text exactly the plural forms of its language', (locale) => {
    const texts = read(locale);
    const plural = new Map<string, string[]>();
    for (const key of texts.keys()) {
      const match = PLURAL_SUFFIX.exec(key);
      if (match) plural.set(key.slice(0, match.index), [...(plural.get(key.slice(0, match.index)) ?? []), match[1]!]);
    }
    for (const [key, forms] of plural) expect(forms.sort(), `${locale}: ${key}`).toEqual(pluralForms(locale));
    // `count` is the number i18next chooses the form by: a text that shows one has plural forms.
    const uncounted = [...texts].filter(([key, text]) => !PLURAL_SUFFIX.test(key) && /\{\{count\}\}/.test(text)).map(([key]) => key);
    expect(uncounted, `${locale}: texts with {{count}} but no plural forms`).toEqual([]);
  });

  // One word for a webhook in every language (issue 42): "Webhook", as the headers, the events and the
  // guides spell it, never a transliteration beside it.
  it.each(LOCALES)('%s calls a webhook "Webhook" only', (locale) => {
    const other = [...read(locale).values()].filter((text) => /ويب ?هوك|web-hook|web hook/i.test(text));
    expect(other).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s is really translated, not an English copy', (locale) => {
    const other = read(locale);
    const same = [...english].filter(([key, text]) => other.get(key) === text && /[a-z]{4,}/i.test(text));
    // Brand names and codes legitimately stay the same; whole sections left in English do not.
    expect(same.length / english.size, `${locale} untranslated: ${same.map(([k]) => k).slice(0, 10).join(', ')}`).toBeLessThan(0.1);
  });
});

describe('web locale files', () => {
  const englishOf = (folder: string) => flatten(JSON.parse(fs.readFileSync(path.join(folder, 'en.json'), 'utf8')) as Tree);
  const core = englishOf(folders.web);
  const panel = englishOf(folders.panel);
  const store = englishOf(folders.store);
  const english = new Map([...core, ...panel, ...store]);
  const topLevel = (keys: Iterable<string>) => new Set([...keys].map((k) => k.split('.')[0]));

  it('keep each namespace in one part, core, panel or store', () => {
    const coreSpaces = topLevel(core.keys());
    const panelSpaces = topLevel(panel.keys());
    expect([...panelSpaces].filter((n) => coreSpaces.has(n))).toEqual([]);
    expect([...topLevel(store.keys())].filter((n) => coreSpaces.has(n) || panelSpaces.has(n))).toEqual([]);
  });

  it('name every permission group of the catalogue', () => {
    for (const { group } of PERMISSION_GROUPS) expect(english.has(`permissionGroups.${group}`), group).toBe(true);
  });

  it('share no key with the API texts (both load into one bundle)', () => {
    const api = englishOf(folders.api);
    const clash = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
    expect([...english.keys()].filter((k) => [...api.keys()].some((a) => clash(k, a)))).toEqual([]);
  });

  it('leave the API namespaces to the contract', () => {
    for (const reserved of ['validation', 'errors', 'fields', 'success', 'mail']) {
      expect([...english.keys()].filter((k) => k.startsWith(`${reserved}.`))).toEqual([]);
    }
  });
});

describe('translate (the API texts)', () => {
  it('chooses the plural form of the language by count, Arabic with its six forms', () => {
    expect(translate('en', 'errors.roleInUse', { count: 1 })).toContain('assigned to 1 user and');
    expect(translate('en', 'errors.roleInUse', { count: 2 })).toContain('assigned to 2 users and');
    // Without the isolates that keep each number in its place in the Arabic sentence.
    const arabic = [0, 1, 2, 3, 11, 100].map((count) => translate('ar', 'errors.roleInUse', { count }).replace(/[\u2068\u2069]/g, ''));
    expect(arabic[0]).toContain('0 مستخدم.');
    expect(arabic[1]).toContain('مستخدم واحد');
    expect(arabic[2]).toContain('مستخدمَين');
    expect(arabic[3]).toContain('3 مستخدمين');
    expect(arabic[4]).toContain('11 مستخدمًا');
    expect(arabic[5]).toContain('100 مستخدم.');
    // Brazilian Portuguese by its own rules, not Breton's (`br` is Breton to Intl).
    expect(translate('br', 'errors.roleInUse', { count: 1 })).toContain('1 usuário e');
    expect(translate('br', 'errors.roleInUse', { count: 2 })).toContain('2 usuários e');
  });

  it('fills a sentence with two counts through nested texts', () => {
    expect(translate('en', 'errors.applicationInUseDevices', { count: 1, devices: 3 })).toMatch(/^This application is allowed to 1 reseller and has 3 registered devices,/);
    expect(translate('de', 'errors.applicationInUseDevices', { count: 2, devices: 1 })).toMatch(/^Diese Anwendung ist 2 Resellern erlaubt und hat 1 registriertes Gerät,/);
    expect(translate('ar', 'errors.applicationInUseDevices', { count: 1, devices: 3 })).toContain('\u20683\u2069 أجهزة مسجلة');
  });

  it('isolates the values of an Arabic message, and only there', () => {
    const params = { oneYear: '1-year', lifetime: 'lifetime' };
    expect(translate('ar', 'bulk.row.packageInvalid', params)).toBe('يجب أن تكون الباقة \u20681-year\u2069 أو \u2068lifetime\u2069.');
    expect(translate('en', 'bulk.row.packageInvalid', params)).toBe('The package must be 1-year or lifetime.');
  });
});
