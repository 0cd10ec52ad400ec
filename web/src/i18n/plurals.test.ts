import { afterEach, describe, expect, it } from 'vitest';
import { isolate } from '@panel/contract';
import { changeLocale, i18n } from '.';

afterEach(() => changeLocale('en'));

describe('plural forms in the panel', () => {
  it('reads "1 second" and "2 seconds", never "1 seconds"', () => {
    expect(i18n.t('session.timeoutMessage', { count: 1 })).toBe('Your session will expire in 1 second.');
    expect(i18n.t('session.timeoutMessage', { count: 2 })).toBe('Your session will expire in 2 seconds.');
  });

  it('uses the six Arabic forms', async () => {
    await changeLocale('ar');
    expect([1, 2, 3, 11, 100].map((count) => i18n.t('session.timeoutMessage', { count }))).toEqual([
      'ستنتهي جلستك خلال ثانية واحدة.',
      'ستنتهي جلستك خلال ثانيتين.',
      `ستنتهي جلستك خلال ${isolate('3')} ثوانٍ.`,
      `ستنتهي جلستك خلال ${isolate('11')} ثانية.`,
      `ستنتهي جلستك خلال ${isolate('100')} ثانية.`,
    ]);
  });

  it("chooses Brazilian Portuguese forms for 'br' and Spanish for 'esp' (not Breton's, nor none)", async () => {
    await changeLocale('br');
    expect(i18n.t('session.timeoutMessage', { count: 2 })).toBe('Sua sessão expira em 2 segundos.');
    expect(i18n.t('session.timeoutMessage', { count: 1 })).toBe('Sua sessão expira em 1 segundo.');
    await changeLocale('esp');
    expect(i18n.t('session.timeoutMessage', { count: 1 })).toBe('Su sesión caducará en 1 segundo.');
    expect(i18n.t('session.timeoutMessage', { count: 1_000_000 })).toBe('Su sesión caducará en 1000000 segundos.');
  });
});

describe('values inside a right-to-left text', () => {
  it('isolates every interpolated value of an Arabic text, so that "1-year" or a MAC keeps its order', async () => {
    await changeLocale('ar');
    expect(i18n.t('activation.status.expires', { date: '12-03-2026' })).toContain('\u206812-03-2026\u2069');
    expect(i18n.t('bulkActivation.dryRunTitle', { file: '1-year.csv' })).toContain('\u20681-year.csv\u2069');
  });

  it('leaves left-to-right texts as they are', () => {
    expect(i18n.t('bulkActivation.dryRunTitle', { file: '1-year.csv' })).toBe('Check of 1-year.csv');
  });
});
