import { afterEach, describe, expect, it } from 'vitest';
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
      'ستنتهي جلستك خلال 3 ثوانٍ.',
      'ستنتهي جلستك خلال 11 ثانية.',
      'ستنتهي جلستك خلال 100 ثانية.',
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
