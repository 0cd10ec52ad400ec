import { useId } from 'react';
import { Button, Modal, MultiSelect, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import {
  MAX_ACTIVATION_APPS,
  PRODUCT_NAME_MAX,
  PRODUCT_PRICE_MAX,
  productCreditCost,
  STOREFRONT_PACKAGES,
  storefrontProductInput,
  type StorefrontPackage,
  type StorefrontProduct,
  type StorefrontProductFields,
} from '@panel/contract';
import { useAllowedApplications } from '../../api/allowed-applications';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { PHONE_QUERY } from '../../lib/phone';
import { formatNumber } from '../../lib/format';
import { currencyDigits, toMajor } from '../../lib/money';
import { useCreateProduct, useUpdateProduct } from './products';

type Values = { name: string; app_ids: string[]; package: StorefrontPackage; price: number | string; active: boolean };

/**
 * The price is typed in the currency's major unit (9.90) and sent in its minor unit (990), as
 * Stripe's `unit_amount`: the form's values go through this conversion, then the contract's
 * schema, so the form checks exactly what the server will. A price with more decimals than the
 * currency has stays fractional and is refused, never rounded behind the reseller's back.
 */
export function productSchema(currency: string) {
  const scale = 10 ** currencyDigits(currency);
  return z.pipe(
    z.transform((values: Values): unknown => {
      const typed = typeof values.price === 'number' ? values.price : values.price.trim() === '' ? Number.NaN : Number(values.price);
      const scaled = typed * scale;
      const price = Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < 1e-6 ? Math.round(scaled) : scaled;
      return { ...values, app_ids: values.app_ids.map(Number), price: Number.isNaN(price) ? '' : price };
    }),
    storefrontProductInput,
  ) as unknown as z.ZodMiniType<StorefrontProductFields, unknown>;
}

type Props = { product?: StorefrontProduct; currency: string; onClose: () => void };

/** Add or edit a product: its name, the apps one sale activates, the package, the price and whether it is on sale. */
export function ProductFormModal({ product, currency, onClose }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const titleId = useId();
  const errorText = useErrorText();
  const applications = useAllowedApplications();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const digits = currencyDigits(currency);
  const form = useZodForm<Values, StorefrontProductFields>(productSchema(currency), {
    initialValues: {
      name: product?.name ?? '',
      app_ids: (product?.app_ids ?? []).map(String),
      package: product?.package ?? 'one_year',
      price: product ? toMajor(product.price, currency) : '',
      active: product?.active ?? true,
    },
  });
  const submit = form.submit((body) => {
    const done = { onSuccess: onClose, onError: form.fail };
    if (product) update.mutate({ id: product.id, body }, done);
    else create.mutate(body, done);
  });

  // The apps the caller may activate, and any the product has that it may no longer (shown, so they can be taken off).
  const allowed = applications.data?.data.ApplicationList ?? [];
  const apps = [
    ...allowed.map((a) => ({ value: String(a.id), label: a.app_name })),
    ...(product?.apps ?? []).filter((a) => !allowed.some((x) => x.id === a.id)).map((a) => ({ value: String(a.id), label: a.name || `#${a.id}` })),
  ];
  const cost = form.values.app_ids.length > 0 ? productCreditCost(form.values.package, form.values.app_ids.length) : undefined;
  const priceError =
    form.errors.price === 'validation.productPriceInvalid'
      ? t('storeProducts.form.priceInvalid', { max: formatNumber(PRODUCT_PRICE_MAX / 10 ** digits) })
      : errorText(form.errors.price, 'price', { label: t('storeProducts.form.price') });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={<span id={titleId}>{t(product ? 'storeProducts.form.editTitle' : 'storeProducts.form.addTitle')}</span>}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack gap="sm">
          <TextInput
            label={t('storeProducts.form.name')}
            placeholder={t('storeProducts.form.namePlaceholder')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
            error={errorText(form.errors.name, 'name', { max: PRODUCT_NAME_MAX, label: t('storeProducts.form.name') })}
          />
          <MultiSelect
            label={t('storeProducts.form.apps')}
            description={t('storeProducts.form.appsHint', { max: MAX_ACTIVATION_APPS })}
            withAsterisk
            searchable
            data={apps}
            maxValues={MAX_ACTIVATION_APPS}
            disabled={applications.isPending}
            {...form.getInputProps('app_ids')}
            error={applications.isError ? t('devices.allowedApplicationsFailed') : errorText(form.errors.app_ids, 'app_ids', { max: MAX_ACTIVATION_APPS, label: t('storeProducts.form.apps') })}
          />
          <Select
            label={t('storeProducts.form.package')}
            withAsterisk
            allowDeselect={false}
            data={STOREFRONT_PACKAGES.map((p) => ({ value: p, label: t(`storeProducts.packages.${p}`) }))}
            {...form.getInputProps('package')}
          />
          <NumberInput
            label={t('storeProducts.form.price')}
            description={t('storeProducts.form.priceHint', { currency })}
            withAsterisk
            min={0}
            decimalScale={digits}
            fixedDecimalScale={false}
            allowNegative={false}
            clampBehavior="none"
            dir="ltr"
            rightSection={<Text size="xs" c="dimmed">{currency}</Text>}
            rightSectionWidth={48}
            {...form.getInputProps('price')}
            error={priceError}
          />
          <Switch label={t('storeProducts.form.active')} description={t('storeProducts.form.activeHint')} {...form.getInputProps('active', { type: 'checkbox' })} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {cost === undefined ? t('storeProducts.form.costUnknown') : t('storeProducts.form.cost', { amount: formatNumber(cost) })}
          </Text>
          <FormAlert form={form} />
          <FormActions form={form}>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('common.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
