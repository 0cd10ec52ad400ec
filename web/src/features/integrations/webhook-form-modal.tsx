import { useId } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  webhookCreateInput,
  type WebhookEndpoint,
  type WebhookSecretAnswer,
} from '@panel/contract';
import { applyServerErrors, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { PHONE_QUERY } from '../../lib/phone';
import { useEventText } from './event-text';
import { useCreateWebhook, useUpdateWebhook } from './webhooks';

type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];
type FormValues = { url: string; description: string; events: EventType[]; include_sub_resellers: boolean };

/**
 * The contract's create schema checks the form as the server will. Its output type differs
 * from the form's values only where the server reads a blank description as none.
 */
const schema = webhookCreateInput as unknown as z.ZodMiniType<FormValues, unknown>;

type Props = {
  /** The endpoint to edit; none: a new one. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  /** A new endpoint's answer, with its secret (shown once by the caller). */
  onCreated: (answer: WebhookSecretAnswer) => void;
  onSaved: () => void;
};

/** Add or edit an endpoint: its URL, a description, the events it wants, and whether the sub-resellers' come too. */
export function WebhookFormModal({ endpoint, onClose, onCreated, onSaved }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const titleId = useId();
  const errorText = useErrorText();
  const eventText = useEventText();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const form = useZodForm<FormValues>(schema, {
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: (endpoint?.events ?? []).filter((e): e is EventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(e)),
      include_sub_resellers: endpoint?.include_sub_resellers ?? false,
    },
  });
  const descriptionLimit = useTextLimit(form.values.description, WEBHOOK_DESCRIPTION_MAX);
  const allChosen = form.values.events.length === WEBHOOK_EVENT_TYPES.length;

  const submit = form.onSubmit((values) => {
    const body = { url: values.url.trim(), description: values.description.trim(), events: values.events, include_sub_resellers: values.include_sub_resellers };
    const onError = (error: unknown) => applyServerErrors(form, error);
    if (endpoint) {
      update.mutate({ id: endpoint.id, body: { ...body, enabled: endpoint.enabled } }, { onSuccess: onSaved, onError });
    } else {
      create.mutate(body, { onSuccess: onCreated, onError });
    }
  });

  // The contract's event rules (none chosen, an unknown one) read as the screen's one sentence.
  const eventsMessage = form.errors.events;
  const eventsError =
    typeof eventsMessage === 'string' && eventsMessage.startsWith('validation.webhookEvent')
      ? t('integrations.webhooks.form.eventsRequired')
      : errorText(eventsMessage, 'events');

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={<span id={titleId}>{t(endpoint ? 'integrations.webhooks.form.editTitle' : 'integrations.webhooks.form.addTitle')}</span>}
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <Stack>
          <TextInput
            label={t('integrations.webhooks.form.url')}
            description={t('integrations.webhooks.form.urlHint')}
            placeholder="https://bot.example.com/panel-webhook"
            dir="ltr"
            type="url"
            inputMode="url"
            autoComplete="off"
            data-autofocus
            withAsterisk
            {...form.getInputProps('url')}
            error={errorText(form.errors.url, 'url', { max: WEBHOOK_URL_MAX })}
          />
          <Textarea
            label={t('integrations.webhooks.form.description')}
            rows={2}
            {...form.getInputProps('description')}
            description={descriptionLimit.description}
            inputWrapperOrder={descriptionLimit.inputWrapperOrder}
            error={descriptionLimit.error ?? errorText(form.errors.description, 'description', { max: WEBHOOK_DESCRIPTION_MAX })}
          />
          <Checkbox.Group
            label={t('integrations.webhooks.form.events')}
            description={t('integrations.webhooks.form.eventsHint')}
            withAsterisk
            value={form.values.events}
            onChange={(value) => form.setFieldValue('events', value)}
            error={eventsError}
          >
            <Stack gap="sm" mt="xs">
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => form.setFieldValue('events', allChosen ? [] : [...WEBHOOK_EVENT_TYPES])}
                >
                  {t(allChosen ? 'integrations.webhooks.form.clearEvents' : 'integrations.webhooks.form.allEvents')}
                </Button>
              </Group>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={eventText.label(type)}
                  description={
                    <>
                      <Text span size="xs" ff="monospace" dir="ltr">
                        {type}
                      </Text>
                      {' · '}
                      {eventText.description(type)}
                    </>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Checkbox
            label={t('integrations.webhooks.form.includeSubResellers')}
            description={t('integrations.webhooks.form.includeSubResellersHint')}
            {...form.getInputProps('include_sub_resellers', { type: 'checkbox' })}
          />
          <FormActions form={form}>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t(endpoint ? 'integrations.webhooks.form.save' : 'integrations.webhooks.form.create')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
