import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMacInput, placeStoreOrderBody, type Locale, type PlaceStoreOrderBody, type PublicStorefront, type StorefrontMethod } from '@panel/contract';
import { ApiError } from '../../api/client';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { MacInput } from '../../components/mac-input';
import { shownWhereItHappened } from '../../lib/feedback';
import { leaveForCheckout } from './leave-for-checkout';
import { keepOrderToken } from './order-tokens';
import { usePlaceStoreOrder } from './place-store-order';
import { formatPrice } from '../../lib/money';

type Product = PublicStorefront['products'][number];

type Values = {
  product_id: number;
  mac_address: string;
  email: string;
  name: string;
  method: StorefrontMethod | '';
  language: Locale;
};

type Props = {
  slug: string;
  store: PublicStorefront;
  product: Product;
  language: Locale;
  onBack: () => void;
  /** The device's MAC, known already (a renewal link's, issue 44). */
  macAddress?: string;
};

/**
 * The order of one product: the device's MAC address (as its app shows it on the TV), the
 * customer's e-mail (the receipt goes there), an optional name and one of the methods the store
 * has set up. The server checks the MAC against the devices its players registered before any
 * money is taken; its refusals land under their fields, in the page's language.
 */
export function OrderForm({ slug, store, product, language, onBack, macAddress = '' }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const heading = useRef<HTMLHeadingElement>(null);
  const { dir } = useDirection();
  const [BackIcon, ForwardIcon] = dir === 'rtl' ? [IconArrowRight, IconArrowLeft] : [IconArrowLeft, IconArrowRight];
  const mutation = usePlaceStoreOrder(slug);
  const form = useZodForm<Values, PlaceStoreOrderBody>(placeStoreOrderBody, {
    initialValues: {
      product_id: product.id,
      // As the MAC field writes what is typed (the renewal's MAC comes as stored, in lower case).
      mac_address: formatMacInput(macAddress),
      email: '',
      name: '',
      method: store.methods.length === 1 ? store.methods[0]! : '',
      language,
    },
  });

  // Opening the form takes the reader to it: its heading takes focus (and the view).
  useEffect(() => heading.current?.focus(), []);

  const send = (data: PlaceStoreOrderBody) =>
    mutation.mutate(
      // The page's language now (the picker may have changed since the form opened): mails and messages follow it.
      { ...data, language },
      {
        onSuccess: (order) => {
          keepOrderToken(order.id, order.order_token, language);
          if (order.checkout_url) leaveForCheckout(order.checkout_url);
          else void navigate(`/store/${encodeURIComponent(slug)}/orders/${order.id}?lang=${language}`, { state: { instructions: order.instructions } });
        },
        onError: (error) => {
          // The product or the language have no field here: their 422 is the form's alert.
          const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
          const { product_id: productError, language: languageError, ...rest } = fields;
          if (productError || languageError) {
            form.setErrors(rest);
            form.setAlert(productError ?? languageError);
            shownWhereItHappened(error);
          } else {
            form.fail(error);
          }
        },
      },
    );

  const pending = mutation.isPending || (mutation.isSuccess && Boolean(mutation.data?.checkout_url));
  const method = form.values.method;

  return (
    <Stack gap="md">
      <Group>
        <Button variant="subtle" color="gray" leftSection={<BackIcon size={16} aria-hidden />} onClick={onBack} disabled={pending}>
          {t('store.order.back')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={form.submit(send)} noValidate aria-labelledby="store-order-title">
          <Stack gap="md">
            <div>
              <Title order={2} id="store-order-title" ref={heading} tabIndex={-1}>
                {t('store.order.title')}
              </Title>
              <Text mt={4} fw={600}>
                {product.name}
              </Text>
              <Text>
                {t('store.order.summary', {
                  package: t(`store.packages.${product.package}`),
                  price: formatPrice(product.price, store.currency, language),
                })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('store.products.apps', { apps: product.apps.map((app) => app.name).join(', ') })}
              </Text>
            </div>
            <FormAlert form={form} />
            <MacInput
              label={t('store.order.mac')}
              description={t('store.order.macHint')}
              required
              {...form.getInputProps('mac_address')}
              error={errorText(form.errors.mac_address, 'mac_address')}
            />
            <TextInput
              label={t('store.order.email')}
              description={t('store.order.emailHint')}
              type="email"
              autoComplete="email"
              required
              dir="ltr"
              {...form.getInputProps('email')}
              error={errorText(form.errors.email, 'email')}
            />
            <TextInput
              label={t('store.order.name')}
              autoComplete="name"
              {...form.getInputProps('name')}
              error={errorText(form.errors.name, 'name')}
            />
            <Radio.Group
              label={t('store.order.method')}
              required
              {...form.getInputProps('method')}
              // Nothing chosen yet reads as a request to choose, not as an invalid value.
              error={method === '' && form.errors.method ? t('store.order.methodRequired') : errorText(form.errors.method, 'method')}
            >
              <Stack gap="xs" mt="xs">
                {store.methods.map((name) => (
                  <Radio key={name} value={name} color={store.accent_color} label={t(`store.methods.${name}`)} description={t(`store.methods.${name}Hint`)} />
                ))}
              </Stack>
            </Radio.Group>
            {mutation.isSuccess && mutation.data.checkout_url && (
              <Alert variant="light" color="gray" role="status">
                {t('store.order.leaving')}
              </Alert>
            )}
            <FormActions form={form} align="full">
              <Button
                type="submit"
                fullWidth
                size="md"
                color={store.accent_color}
                loading={pending}
                rightSection={<ForwardIcon size={18} aria-hidden />}
              >
                {method === 'stripe' ? t('store.order.payByCard') : method === 'manual' ? t('store.order.placeManual') : t('store.order.submit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
