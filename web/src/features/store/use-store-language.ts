import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LOCALES, type Locale } from '@panel/contract';
import { changeLocale } from '../../i18n';

const asLocale = (value: string | null | undefined): Locale | undefined =>
  LOCALES.includes(value as Locale) ? (value as Locale) : undefined;

/**
 * The language of a store page: `?lang=` (en, ar, de, br, esp) when given, else `fallback` (the
 * store's own language, or the order's) once known. Choosing another writes `?lang=`, so a reload
 * or a shared link keeps it. The choice is not remembered as the panel's language (`changeLocale`
 * with `remember: false`): it belongs to this store's page.
 */
export function useStoreLanguage(fallback: Locale | undefined) {
  const { i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wanted = asLocale(params.get('lang')) ?? fallback;

  useEffect(() => {
    if (wanted && wanted !== i18n.language) void changeLocale(wanted, { remember: false });
  }, [wanted, i18n.language]);

  const choose = (locale: Locale) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('lang', locale);
        return next;
      },
      { replace: true },
    );

  return { language: asLocale(i18n.language) ?? 'en', choose };
}
