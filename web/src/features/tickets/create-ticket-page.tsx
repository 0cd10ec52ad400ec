import { useId } from 'react';
import { Alert, Button, Card, Stack, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createTicketBody, TICKET_TEXT_MAX_LENGTH, TICKET_TITLE_MAX_LENGTH, type CreateTicketBody } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { ALL_FIELDS_REQUIRED, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { FormAlert } from '../../components/form-alert';
import { FormHeading } from '../../components/form-heading';
import { useCreateTicket } from './create-ticket';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useTextLimit } from '../../components/text-limit';

/**
 * Create ticket (core-panel.md §2, §5; 'new ticket', checked by the route guard): a title of at
 * most 50 characters and a rich-text description of at most 250 text characters, both required.
 * On success the list of tickets opens.
 */
export function CreateTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const errorText = useErrorText();
  const create = useCreateTicket();
  const form = useZodForm<CreateTicketBody>(createTicketBody, {
    initialValues: { title: '', description: '' },
    errorTexts: { network: t('supportTickets.create.failed'), fallback: t('supportTickets.create.failed') },
  });
  /**
   * One message per error: both fields empty read the specification's one sentence for the form
   * ('All fields are required', §5) and the fields are only marked; a single empty field names
   * itself under it ("The Title is required.") with no sentence above.
   */
  const bothMissing = form.errors.title === ALL_FIELDS_REQUIRED && form.errors.description === ALL_FIELDS_REQUIRED;
  const titleLimit = useTextLimit(form.values.title, TICKET_TITLE_MAX_LENGTH);

  const submit = form.submit(
    (body) =>
      create.mutate(body, {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('supportTickets.create.created'));
          void navigate('/tickets-list');
        },
        onError: form.fail,
      }),
  );

  return (
    <Stack maw={720}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-labelledby={headingId}>
          <Stack>
            <FormHeading id={headingId} icon={IconTicket} title={t('supportTickets.create.heading')} intro={t('supportTickets.create.intro')} />
            <TextInput
              label={t('supportTickets.fields.title')}
              required
              {...form.getInputProps('title')}
              description={titleLimit.description}
              inputWrapperOrder={titleLimit.inputWrapperOrder}
              error={bothMissing || (errorText(form.errors.title, 'title', { max: TICKET_TITLE_MAX_LENGTH, label: t('supportTickets.fields.title') }) ?? titleLimit.error)}
            />
            <RichTextEditor
              maxLength={TICKET_TEXT_MAX_LENGTH}
              label={t('supportTickets.fields.description')}
              value={form.values.description}
              onChange={(html) => form.setFieldValue('description', html)}
              onLimit={() => form.setFieldError('description', t('validation.characterLimit'))}
              error={bothMissing || errorText(form.errors.description, 'description', { label: t('supportTickets.fields.description') })}
            />
            {bothMissing && (
              <Alert color="red" variant="light" role="alert">
                {t(ALL_FIELDS_REQUIRED)}
              </Alert>
            )}
            <FormAlert form={form} />
            <FormActions form={form}>
              <Button type="submit" loading={create.isPending}>
                {t('supportTickets.create.submit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
