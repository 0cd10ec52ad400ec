import { useId } from 'react';
import { Button, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { CUSTOMER_NOTES_MAX, CUSTOMER_PHONE_MAX, LOCALES, NAME_MAX_LENGTH, customerInput, type Customer, type CustomerFields } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { useTextLimit } from '../../components/text-limit';
import { LANGUAGE_NAMES } from '../../i18n';
import { showSuccess } from '../../lib/feedback';
import { PHONE_QUERY } from '../../lib/phone';
import { useCreateCustomer, useUpdateCustomer } from './customer-actions';

type FormValues = { name: string; email: string; phone: string; language: string; notes: string };

/** The contract's schema checks the form as the server will; its values are the inputs' strings ('' for none). */
const schema = customerInput as unknown as z.ZodMiniType<CustomerFields, unknown>;

type Props = {
  /** The customer to edit; none: a new one. */
  customer?: Customer;
  onClose: () => void;
  /** The saved customer's id (a new one's page opens next). */
  onSaved?: (id: number) => void;
};

/** Add or edit a customer: a name or an e-mail at least, a phone, the language of its mails and notes for the reseller. */
export function CustomerFormModal({ customer, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const titleId = useId();
  const errorText = useErrorText();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const form = useZodForm<FormValues, CustomerFields>(schema, {
    initialValues: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      language: customer?.language ?? '',
      notes: customer?.notes ?? '',
    },
  });
  const notesLimit = useTextLimit(form.values.notes, CUSTOMER_NOTES_MAX);

  const submit = form.submit((body) => {
    const done = (answer: { msg: string; data: { id: number } }) => {
      showSuccess(answer.msg);
      onSaved?.(answer.data.id);
      onClose();
    };
    if (customer) update.mutate({ id: customer.id, body }, { onSuccess: done, onError: form.fail });
    else create.mutate(body, { onSuccess: done, onError: form.fail });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      title={<span id={titleId}>{t(customer ? 'customers.form.editTitle' : 'customers.form.addTitle')}</span>}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack>
          <FormAlert form={form} />
          <TextInput
            label={t('customers.form.name')}
            description={t('customers.form.nameOrEmail')}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
            error={errorText(form.errors.name, 'name', { max: NAME_MAX_LENGTH, label: t('customers.form.name') })}
          />
          <TextInput
            label={t('customers.form.email')}
            type="email"
            dir="ltr"
            autoComplete="off"
            {...form.getInputProps('email')}
            error={errorText(form.errors.email, 'email', { label: t('customers.form.email') })}
          />
          <TextInput
            label={t('customers.form.phone')}
            type="tel"
            dir="ltr"
            autoComplete="off"
            {...form.getInputProps('phone')}
            error={errorText(form.errors.phone, 'phone', { max: CUSTOMER_PHONE_MAX, label: t('customers.form.phone') })}
          />
          <Select
            label={t('customers.form.language')}
            description={t('customers.form.languageHint')}
            data={[{ value: '', label: t('customers.form.storeLanguage') }, ...LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))]}
            allowDeselect={false}
            {...form.getInputProps('language')}
            error={errorText(form.errors.language, 'language', { label: t('customers.form.language') })}
          />
          <Textarea
            label={t('customers.form.notes')}
            rows={3}
            {...form.getInputProps('notes')}
            description={notesLimit.description}
            inputWrapperOrder={notesLimit.inputWrapperOrder}
            error={notesLimit.error ?? errorText(form.errors.notes, 'notes', { max: CUSTOMER_NOTES_MAX, label: t('customers.form.notes') })}
          />
          <FormActions form={form}>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t(customer ? 'customers.form.save' : 'customers.form.create')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
