import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setSocialWidgetBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../lib/feedback';
import { FormHeading } from '../../components/form-heading';
import { isMessageKey } from '../../components/form';
import { currentLocale } from '../../i18n';
import { COUNTRIES, countryNamer, DEFAULT_COUNTRY, splitWhatsapp } from './countries';
import { useSocialWidget } from './get-social-widget';
import { useSetSocialWidget } from './set-social-widget';

type Field = 'whatsapp' | 'telegram';
type Errors = Partial<Record<Field, string>>;

/** A 422's field messages, whether the server names them `whatsapp` or `requestData.whatsapp`. */
function serverFieldErrors(error: unknown): Errors {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const fields = error.fieldErrors();
  return { whatsapp: fields.whatsapp ?? fields['requestData.whatsapp'], telegram: fields.telegram ?? fields['requestData.telegram'] };
}

/**
 * Social widget (core-panel.md §2, §8; 'view-social-widget', checked by the route guard): the
 * caller's WhatsApp number, as a country dial code (default +20) and the digits after it, and a
 * Telegram username. They fill the footer's links, so saving refreshes the footer too.
 */
export function SocialWidgetPage() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const widget = useSocialWidget();
  const save = useSetSocialWidget();
  const [country, setCountry] = useState(DEFAULT_COUNTRY.code);
  const [digits, setDigits] = useState('');
  const [telegram, setTelegram] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();

  // The stored widget fills the form once it has loaded.
  const stored = widget.data?.data.SocialWidget;
  useEffect(() => {
    if (!widget.isSuccess) return;
    const split = splitWhatsapp(stored?.whatsapp_number);
    setCountry(split.country.code);
    setDigits(split.digits);
    setTelegram(stored?.telegram_number ?? '');
  }, [widget.isSuccess, stored]);

  const locale = currentLocale();
  const countryOptions = useMemo(() => {
    const name = countryNamer(locale);
    return COUNTRIES.map((c) => ({ value: c.code, label: `${name(c.code)} (${c.dial_code})` }))
      .sort((a, b) => (a.value === DEFAULT_COUNTRY.code ? -1 : b.value === DEFAULT_COUNTRY.code ? 1 : a.label.localeCompare(b.label, i18n.language)));
  }, [locale, i18n.language]);

  const dialCode = COUNTRIES.find((c) => c.code === country)?.dial_code ?? DEFAULT_COUNTRY.dial_code;
  const text = (message: string | undefined) => (message && isMessageKey(message) ? t(message) : message);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const input = { whatsapp: digits ? `${dialCode}${digits}` : '', telegram: telegram.trim() };
    const parsed = setSocialWidgetBody.safeParse({ requestData: input });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: (answer) => showSuccess(answer.msg || t('socialWidgetPage.saved')),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields.whatsapp || fields.telegram) setErrors(fields);
        else setFormError(t('socialWidgetPage.unexpected'));
      },
    });
  };

  return (
    <Stack maw={640}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-labelledby={headingId}>
          <Stack>
            <FormHeading id={headingId} icon={IconBrandWhatsapp} title={t('socialWidgetPage.heading')} intro={t('socialWidgetPage.intro')} />
            {widget.isPending ? (
              <Group justify="center" p="md">
                <Loader size="sm" aria-label={t('socialWidgetPage.loading')} />
              </Group>
            ) : (
              <>
                {widget.isError && (
                  <Alert color="red" variant="light" role="alert">
                    {t('socialWidgetPage.loadFailed')}
                  </Alert>
                )}
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <Select
                    label={t('socialWidgetPage.dialCode')}
                    data={countryOptions}
                    value={country}
                    onChange={(value) => value && setCountry(value)}
                    allowDeselect={false}
                    searchable
                    w={{ base: '100%', xs: 240 }}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <TextInput
                    label={t('socialWidgetPage.whatsapp')}
                    description={t('socialWidgetPage.whatsappHint', { dial: dialCode })}
                    inputMode="numeric"
                    autoComplete="tel-national"
                    leftSection={<span dir="ltr">{dialCode}</span>}
                    leftSectionWidth={56}
                    value={digits}
                    onChange={(event) => {
                      setDigits(event.currentTarget.value.replace(/\D/g, '').slice(0, 15));
                      setErrors((e) => ({ ...e, whatsapp: undefined }));
                    }}
                    error={text(errors.whatsapp)}
                    style={{ flex: 1, minWidth: 200 }}
                  />
                </Group>
                <TextInput
                  label={t('socialWidgetPage.telegram')}
                  description={t('socialWidgetPage.telegramHint')}
                  autoComplete="off"
                  value={telegram}
                  onChange={(event) => {
                    setTelegram(event.currentTarget.value);
                    setErrors((e) => ({ ...e, telegram: undefined }));
                  }}
                  error={text(errors.telegram)}
                  dir="ltr"
                />
                {formError && (
                  <Alert color="red" variant="light" role="alert">
                    {formError}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button type="submit" loading={save.isPending}>
                    {t('socialWidgetPage.submit')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
