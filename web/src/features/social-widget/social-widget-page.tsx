import { useEffect, useId, useMemo } from 'react';
import { Alert, Button, Card, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { setSocialWidgetBody } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { FormHeading } from '../../components/form-heading';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { currentLocale } from '../../i18n';
import { COUNTRIES, countryNamer, DEFAULT_COUNTRY, splitWhatsapp } from './countries';
import { useSocialWidget } from './get-social-widget';
import { useSetSocialWidget } from './set-social-widget';

type Field = 'whatsapp' | 'telegram';
type Errors = Partial<Record<Field, string>>;
/** The form as typed: the country of the dial code, the digits after it, the Telegram username. */
type Values = { country: string; whatsapp: string; telegram: string };

const dialCodeOf = (country: string) => COUNTRIES.find((c) => c.code === country)?.dial_code ?? DEFAULT_COUNTRY.dial_code;

/** What is sent: the dial code and the digits as one number (none without digits), the username trimmed. */
const requestDataOf = ({ country, whatsapp, telegram }: Values) => ({ whatsapp: whatsapp ? `${dialCodeOf(country)}${whatsapp}` : '', telegram: telegram.trim() });

/** The contract's rules for the two fields, checked on what will be sent. */
const widgetFields = setSocialWidgetBody.shape.requestData;
const widgetForm = z.pipe(
  z.transform((values: Values): z.input<typeof widgetFields> => requestDataOf(values)),
  widgetFields,
);

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
  const errorText = useErrorText();
  const form = useZodForm<Values, z.output<typeof widgetForm>>(widgetForm, {
    initialValues: { country: DEFAULT_COUNTRY.code, whatsapp: '', telegram: '' },
  });

  // The stored widget fills the form once it has loaded.
  const stored = widget.data?.data.SocialWidget;
  useEffect(() => {
    if (!widget.isSuccess) return;
    const split = splitWhatsapp(stored?.whatsapp_number);
    form.setValues({ country: split.country.code, whatsapp: split.digits, telegram: stored?.telegram_number ?? '' });
  }, [widget.isSuccess, stored]);

  const locale = currentLocale();
  const countryOptions = useMemo(() => {
    const name = countryNamer(locale);
    return COUNTRIES.map((c) => ({ value: c.code, label: `${name(c.code)} (${c.dial_code})` }))
      .sort((a, b) => (a.value === DEFAULT_COUNTRY.code ? -1 : b.value === DEFAULT_COUNTRY.code ? 1 : a.label.localeCompare(b.label, i18n.language)));
  }, [locale, i18n.language]);

  const dialCode = dialCodeOf(form.values.country);

  // Sent as typed (an empty field as ''), once the contract's rules accept it.
  const submit = form.submit(() =>
    save.mutate(requestDataOf(form.values), {
      onSuccess: (answer) => showSuccess(answer.msg || t('socialWidgetPage.saved')),
      // Field messages under their inputs and the rest in the form's alert (core-panel.md §8).
      onError: (error) => {
        shownWhereItHappened(error);
        const fields = serverFieldErrors(error);
        if (fields.whatsapp || fields.telegram) form.setErrors(fields);
        else form.setAlert(t('socialWidgetPage.unexpected'));
      },
    }),
  );

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
                    value={form.values.country}
                    onChange={(value) => value && form.setFieldValue('country', value)}
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
                    value={form.values.whatsapp}
                    onChange={(event) => form.setFieldValue('whatsapp', event.currentTarget.value.replace(/\D/g, '').slice(0, 15))}
                    error={errorText(form.errors.whatsapp, 'whatsapp')}
                    style={{ flex: 1, minWidth: 200 }}
                  />
                </Group>
                <TextInput
                  label={t('socialWidgetPage.telegram')}
                  description={t('socialWidgetPage.telegramHint')}
                  autoComplete="off"
                  value={form.values.telegram}
                  onChange={(event) => form.setFieldValue('telegram', event.currentTarget.value)}
                  error={errorText(form.errors.telegram, 'telegram')}
                  dir="ltr"
                />
                <FormAlert form={form} />
                <FormActions form={form}>
                  <Button type="submit" loading={save.isPending}>
                    {t('socialWidgetPage.submit')}
                  </Button>
                </FormActions>
              </>
            )}
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
