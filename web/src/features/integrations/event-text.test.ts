import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, WEBHOOK_EVENT_TYPES } from '@panel/contract';

type Tree = { [key: string]: string | Tree };
const panel = (locale: string) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../i18n/locales/panel/${locale}.json`), 'utf8')) as Tree;
const at = (tree: Tree, keys: string[]): unknown => keys.reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe('webhook event texts', () => {
  // The picker lists every type of the contract under its label: a new type (issue 43's order.*) never shows as its raw name.
  it.each(LOCALES)('%s labels and describes every event type of the contract', (locale) => {
    const texts = panel(locale);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const keys = ['integrations', 'events', ...type.split('.')];
      expect(at(texts, [...keys, 'label']), `${type} label`).toEqual(expect.any(String));
      expect(at(texts, [...keys, 'description']), `${type} description`).toEqual(expect.any(String));
    }
  });
});
