import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createTicketBody, TICKET_TEXT_MAX_LENGTH, TICKET_TITLE_MAX_LENGTH } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../app/query-client';
import { ALL_FIELDS_REQUIRED, fieldMessageKey } from '../../components/form';
import { FormHeading } from '../../components/form-heading';
import { useCreateTicket } from './create-ticket';
import { RichTextEditor } from '../../components/rich-text-editor';
import { useTextLimit } from '../../components/text-limit';

type Field = 'title' | 'description';
type Errors = Partial<Record<Field, string>>;

/**
 * Create ticket (core-panel.md §2, §5; 'new ticket', checked by the route guard): a title of at
 * most 50 characters and a rich-text description of at most 250 text characters, both required.
 * On success the list of tickets opens.
 */
export function CreateTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingId = useId();
  const create = useCreateTicket();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [missing, setMissing] = useState(false);
  const titleLimit = useTextLimit(title, TICKET_TITLE_MAX_LENGTH);

  const message = (key: string, field: Field) =>
    t(fieldMessageKey(key), { field: t(`supportTickets.fields.${field}`), max: field === 'title' ? TICKET_TITLE_MAX_LENGTH : '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = createTicketBody.safeParse({ title, description });
    setMissing(!parsed.success && parsed.error.issues.some((issue) => issue.message === ALL_FIELDS_REQUIRED));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= message(issue.message, field);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        showSuccess(answer.msg || t('supportTickets.create.created'));
        void navigate('/tickets-list');
      },
      onError: (error) => {
        const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
        if (fields.title || fields.description) setErrors({ title: fields.title, description: fields.description });
        else setFormError(error instanceof ApiError && error.status !== 0 && error.message ? error.message : t('supportTickets.create.failed'));
      },
    });
  };

  return (
    <Stack maw={720}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-labelledby={headingId}>
          <Stack>
            <FormHeading id={headingId} icon={IconTicket} title={t('supportTickets.create.heading')} intro={t('supportTickets.create.intro')} />
            <TextInput
              label={t('supportTickets.fields.title')}
              required
              value={title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                setErrors((e) => ({ ...e, title: undefined }));
              }}
              description={titleLimit.description}
              inputWrapperOrder={titleLimit.inputWrapperOrder}
              error={errors.title ?? titleLimit.error}
            />
            <RichTextEditor
              maxLength={TICKET_TEXT_MAX_LENGTH}
              label={t('supportTickets.fields.description')}
              value={description}
              onChange={(html) => {
                setDescription(html);
                setErrors((e) => ({ ...e, description: undefined }));
              }}
              onLimit={() => setErrors((e) => ({ ...e, description: t('validation.characterLimit') }))}
              error={errors.description}
            />
            {missing && (
              <Alert color="red" variant="light" role="alert">
                {t(ALL_FIELDS_REQUIRED)}
              </Alert>
            )}
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('supportTickets.create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
