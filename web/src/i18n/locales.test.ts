import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, PERMISSION_GROUPS } from '@panel/contract';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const folders = {
  web: path.resolve(import.meta.dirname, 'locales'),
  panel: path.resolve(import.meta.dirname, 'locales/panel'),
  api: path.resolve(import.meta.dirname, '../../../contract/src/messages'),
};

describe.each(Object.entries(folders))('%s locale files', (_name, folder) => {
  const read = (locale: string) => flatten(JSON.parse(fs.readFileSync(path.join(folder, `${locale}.json`), 'utf8')) as Tree);
  const english = read('en');

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys, each with its placeholders', (locale) => {
    const other = read(locale);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(placeholders(other.get(key) ?? ''), `${locale}: ${key}`).toEqual(placeholders(text));
      expect(other.get(key)?.trim(), `${locale}: ${key} is empty`).not.toBe('');
    }
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
  const english = new Map([...core, ...panel]);
  const topLevel = (keys: Iterable<string>) => new Set([...keys].map((k) => k.split('.')[0]));

  it('keep each namespace in one part, core or panel', () => {
    const coreSpaces = topLevel(core.keys());
    expect([...topLevel(panel.keys())].filter((n) => coreSpaces.has(n))).toEqual([]);
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
