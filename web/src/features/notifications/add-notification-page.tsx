import { useId, useState } from 'react';
import { Alert, Anchor, Button, Card, Stack, TextInput } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { createNotificationBody, NOTIFICATION_TEXT_MAX_LENGTH, NOTIFICATION_TITLE_MAX_LENGTH, type CreateNotificationBody } from '@panel/contract';
import { showSuccess } from '../../lib/feedback';
import { FormHeading } from '../../components/form-heading';
import { FormAlert } from '../../components/form-alert';
import { ALL_FIELDS_REQUIRED, useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { useTextLimit } from '../../components/text-limit';
import { useCreateNotification } from './create-notification';
import { RichTextEditor } from '../../components/rich-text-editor';

/**
 * Add notification (business-panel.md §2, §5, §8; 'add-res-notif', checked by the route guard):
 * a title and a rich-text description, both required ('All fields are required'). A 422 shows
 * each field's message under it; any other refusal the server's message. After saving, the form
 * empties for the next one; the notification list is a link away.
 */
export function AddNotificationPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const errorText = useErrorText();
  const create = useCreateNotification();
  const form = useZodForm<CreateNotificationBody>(createNotificationBody, {
    initialValues: { title: '', description: '' },
    errorTexts: { network: t('addNotification.failed'), fallback: t('addNotification.failed') },
  });
  // The editor starts again empty after a save: a new key mounts a new one.
  const [editorKey, setEditorKey] = useState(0);
  // Said once for the form, from the submit that found an empty field until the next submit.
  const [missing, setMissing] = useState(false);
  const titleLimit = useTextLimit(form.values.title, NOTIFICATION_TITLE_MAX_LENGTH);

  const submit = form.submit(
    (body) => {
      setMissing(false);
      create.mutate(body, {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('addNotification.created'));
          form.reset();
          setEditorKey((k) => k + 1);
        },
        onError: form.fail,
      });
    },
    (errors) => setMissing(Object.values(errors).includes(ALL_FIELDS_REQUIRED)),
  );

  return (
    <Stack maw={860}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-labelledby={headingId}>
          <Stack>
            <FormHeading id={headingId} icon={IconSpeakerphone} title={t('addNotification.heading')} intro={t('addNotification.intro')} />
            <TextInput
              label={t('addNotification.fields.title')}
              required
              {...form.getInputProps('title')}
              description={titleLimit.description}
              inputWrapperOrder={titleLimit.inputWrapperOrder}
              error={errorText(form.errors.title, 'title', { max: NOTIFICATION_TITLE_MAX_LENGTH, label: t('addNotification.fields.title') }) ?? titleLimit.error}
            />
            <RichTextEditor
              key={editorKey}
              maxLength={NOTIFICATION_TEXT_MAX_LENGTH}
              full
              label={t('addNotification.fields.description')}
              value={form.values.description}
              onChange={(html) => form.setFieldValue('description', html)}
              error={errorText(form.errors.description, 'description', { label: t('addNotification.fields.description') })}
            />
            {missing && (
              <Alert color="red" variant="light" role="alert">
                {t(ALL_FIELDS_REQUIRED)}
              </Alert>
            )}
            <FormAlert form={form} />
            <FormActions
              form={form}
              leading={
                <Anchor component={Link} to="/res-notif-list" size="sm">
                  {t('addNotification.toList')}
                </Anchor>
              }
            >
              <Button type="submit" loading={create.isPending}>
                {t('addNotification.submit')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
