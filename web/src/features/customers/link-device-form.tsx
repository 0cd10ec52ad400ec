import { useId } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { linkCustomerDeviceBody, type LinkCustomerDeviceBody } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { MacInput } from '../../components/mac-input';
import { ModuleSelect } from '../../components/module-select';
import { showSuccess } from '../../lib/feedback';
import { useLinkDevice } from './customer-actions';

type FormValues = { mac_address: string; app_id: string };
const schema = linkCustomerDeviceBody as unknown as z.ZodMiniType<LinkCustomerDeviceBody, unknown>;

/**
 * Links a device to the customer: its MAC address and one of the apps the caller may activate
 * (the activation screen's list). The server takes a device the caller activated, or one still
 * on its trial (the customer about to buy); any other is a 422 under the MAC address.
 */
export function LinkDeviceForm({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorText();
  const link = useLinkDevice();
  const form = useZodForm<FormValues, LinkCustomerDeviceBody>(schema, { initialValues: { mac_address: '', app_id: '' } });

  const submit = form.submit((body) =>
    link.mutate(
      { id: customerId, body },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          form.reset();
        },
        onError: form.fail,
      },
    ),
  );

  // No app chosen reads as a missing choice, not as an invalid one.
  const appError = form.values.app_id === '' && form.errors.app_id ? t('customers.link.appRequired') : errorText(form.errors.app_id, 'app_id', { label: t('customers.link.app') });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={titleId}>
            {t('customers.link.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('customers.link.hint')}
          </Text>
        </div>
        <FormAlert form={form} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <MacInput
            label={t('customers.link.mac')}
            withAsterisk
            w={{ base: '100%', xs: 220 }}
            {...form.getInputProps('mac_address')}
            onChange={(value) => form.setFieldValue('mac_address', value)}
            error={errorText(form.errors.mac_address, 'mac_address')}
          />
          <ModuleSelect
            label={t('customers.link.app')}
            placeholder={t('customers.link.appPlaceholder')}
            withAsterisk
            w={{ base: '100%', xs: 240 }}
            value={form.values.app_id || null}
            onChange={(value) => form.setFieldValue('app_id', value ?? '')}
            error={appError}
          />
        </Group>
        <FormActions form={form} align="start">
          <Button type="submit" loading={link.isPending}>
            {t('customers.link.submit')}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
