import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_DETAIL_VALUES, AUDIT_EVENT_KIND_NAMES, LOCALES, auditSentenceKey, type AuditDetailFormat } from '@panel/contract';
import ar from '../../i18n/locales/panel/ar.json';
import br from '../../i18n/locales/panel/br.json';
import de from '../../i18n/locales/panel/de.json';
import en from '../../i18n/locales/panel/en.json';
import esp from '../../i18n/locales/panel/esp.json';
import { humanise, labelKey, valueKey } from './audit-details';

const PANEL_TEXTS: Record<string, unknown> = { en, ar, de, br, esp };

const lookup = (bundle: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), bundle);

/** The keys no language words: the server cannot write an action or a shown detail that the screen prints raw. */
function missing(keys: string[]) {
  return LOCALES.flatMap((locale) => keys.filter((key) => typeof lookup(PANEL_TEXTS[locale], key) !== 'string').map((key) => `${locale}: ${key}`));
}

describe('the words of the Activity screen for every audit action the server writes (contract AUDIT_ACTIONS)', () => {
  const actions = Object.entries(AUDIT_ACTIONS) as [string, Record<string, AuditDetailFormat>][];

  it('words every action with a sentence of its own in every language', () => {
    expect(missing(actions.map(([action]) => `activity.sentences.${auditSentenceKey(action)}`))).toEqual([]);
  });

  it('names every event kind of the type filter, and words its fallback sentence, in every language', () => {
    expect(missing(AUDIT_EVENT_KIND_NAMES.flatMap((kind) => [`activity.kinds.${kind}`, `activity.sentences.${kind}`]))).toEqual([]);
  });

  it('labels every shown detail field in every language', () => {
    const shown = new Set(actions.flatMap(([, fields]) => Object.entries(fields).filter(([, format]) => format !== 'hidden').map(([field]) => field)));
    expect(missing([...shown].map(labelKey))).toEqual([]);
  });

  it('words every value of every enumeration in every language', () => {
    const keys = (Object.entries(AUDIT_DETAIL_VALUES) as [keyof typeof AUDIT_DETAIL_VALUES, readonly string[]][]).flatMap(([format, values]) =>
      values.map((value) => valueKey(format, value)),
    );
    expect(missing([...keys, 'activity.values.yes', 'activity.values.no', 'activity.values.active', 'activity.values.inactive'])).toEqual([]);
  });

  it('reads a field no text names yet as words, never as a raw key', () => {
    expect(humanise('appPlaceLocation')).toBe('App place location');
    expect(humanise('second_factor')).toBe('Second factor');
    expect(humanise('sign-out-others')).toBe('Sign out others');
  });
});
