import { useId, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createNotificationBody, NOTIFICATION_TEXT_MAX_LENGTH, NOTIFICATION_TITLE_MAX_LENGTH } from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess } from '../../app/query-client';
import { FormHeading } from '../../components/form-heading';
import { ALL_FIELDS_REQUIRED, fieldMessageKey, isMessageKey } from '../../components/form';
import { useTextLimit } from '../../components/text-limit';
import { useCreateNotification } from './create-notification';
import { RichTextEditor } from '../../components/rich-text-editor';

type Field = 'title' | 'description';
type Errors = Partial<Record<Field, string>>;

/**
 * Add notification (business-panel.md §2, §5, §8; 'add-res-notif', checked by the route guard):
 * a title and a rich-text description, both required ('All fields are required'). A 422 shows
 * each field's message under it; a 400 its message or 'Invalid input'. After saving, the form
 * empties for the next one; the notification list is a link away.
 */
export function AddNotificationPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const create = useCreateNotification();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  // The editor starts again empty after a save: a new key mounts a new one.
  const [editorKey, setEditorKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [missing, setMissing] = useState(false);
  const titleLimit = useTextLimit(title, NOTIFICATION_TITLE_MAX_LENGTH);

  const message = (key: string, field: Field) =>
    isMessageKey(key) ? t(fieldMessageKey(key), { field: t(`addNotification.fields.${field}`), max: field === 'title' ? NOTIFICATION_TITLE_MAX_LENGTH : '' }) : key;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const parsed = createNotificationBody.safeParse({ title, description });
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
        showSuccess(answer.msg || t('addNotification.created'));
        setTitle('');
        setDescription('');
        setEditorKey((k) => k + 1);
      },
      onError: (error) => {
        const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
        if (fields.title || fields.description) {
          setErrors({ title: fields.title && message(fields.title, 'title'), description: fields.description && message(fields.description, 'description') });
        } else if (error instanceof ApiError && error.status === 400) setFormError(error.message || t('addNotification.invalidInput'));
        else setFormError(error instanceof ApiError && error.status !== 0 && error.message ? error.message : t('addNotification.failed'));
      },
    });
  };

  return (
    <Stack maw={860}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-labelledby={headingId}>
          <Stack>
            <FormHeading id={headingId} icon={IconSpeakerphone} title={t('addNotification.heading')} intro={t('addNotification.intro')} />
            <TextInput
              label={t('addNotification.fields.title')}
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
              key={editorKey}
              maxLength={NOTIFICATION_TEXT_MAX_LENGTH}
              full
              label={t('addNotification.fields.description')}
              value={description}
              onChange={(html) => {
                setDescription(html);
                setErrors((e) => ({ ...e, description: undefined }));
              }}
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
            <Group justify="space-between">
              <Anchor component={Link} to="/res-notif-list" size="sm">
                {t('addNotification.toList')}
              </Anchor>
              <Button type="submit" loading={create.isPending}>
                {t('addNotification.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
