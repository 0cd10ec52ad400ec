import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Avatar, Badge, Button, Card, Center, Group, Loader, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  APP_DESCRIPTION_MAX_LENGTH,
  APP_NAME_MAX_LENGTH,
  APP_PHONE_MAX_LENGTH,
  APP_TAGLINE_MAX_LENGTH,
  APP_URL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  applicationUpdateBody,
  type Application,
  type ApplicationUpdateBody,
} from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { toastError } from '../../components/toast';
import { useTextLimit } from '../../components/text-limit';
import { formatRecordTime } from '../../lib/format';
import { applicationFieldErrors, applicationSaveMessage } from './application-errors';
import { useApplication } from './get-application';
import { imageProblem } from '../../components/image-input';
import { LogoInput } from './logo-input';
import { useUpdateApplication } from './update-application';
import { useUploadApplicationLogo } from './upload-application-logo';

/**
 * Edit application (business-panel.md §2): name, logo upload, URL (required), phone, e-mail,
 * tagline, description. A load failure reads 'Failed to load application data.' and goes back
 * to /app-list.
 */
export function EditAppPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const application = useApplication(id);
  const invalidId = !Number.isInteger(id) || id <= 0;
  const failed = invalidId || application.isError;

  useEffect(() => {
    if (!failed) return;
    toastError(t('applications.errors.loadFailed'));
    void navigate('/app-list', { replace: true });
  }, [failed]);

  if (failed || application.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('table.loading')} />
      </Center>
    );
  }
  const app = application.data.data;
  return (
    <Stack maw={720}>
      <LogoCard app={app} />
      <DetailsForm key={app.id} app={app} />
    </Stack>
  );
}

function LogoCard({ app }: { app: Application }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const upload = useUploadApplicationLogo();
  const [logo, setLogo] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [current, setCurrent] = useState(app.app_logo);

  const send = () => {
    if (!logo) return setError('validation.imageRequired');
    const problem = imageProblem(logo);
    if (problem) return setError(problem);
    upload.mutate(
      { id: app.id, logo },
      {
        onSuccess: (answer) => {
          setCurrent(answer.data.app_logo);
          setLogo(null);
          showSuccess(answer.msg);
        },
        onError: (failure) => {
          // The reason a file was refused (type, size, unsafe SVG) is worth showing under the picker.
          const reason = failure instanceof ApiError && failure.status === 422 ? failure.fieldErrors().appLogo : undefined;
          setError(reason);
          toastError(reason ?? t('applications.errors.logoUpload'), t('applications.errors.logoUpload'));
          shownWhereItHappened(failure);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg">
      <Group align="flex-end" wrap="nowrap">
        <Avatar src={current} alt={t('applications.logoOf', { name: app.app_name })} radius="md" size={72}>
          {app.app_name.slice(0, 2)}
        </Avatar>
        <Stack gap="xs" style={{ flex: 1 }}>
          <LogoInput
            value={logo}
            onChange={(file) => {
              setLogo(file);
              setError(undefined);
            }}
            error={errorText(error, 'appLogo')}
            disabled={upload.isPending}
          />
        </Stack>
        <Button leftSection={<IconUpload size={16} />} onClick={send} loading={upload.isPending} disabled={!logo}>
          {t('applications.fields.uploadLogo')}
        </Button>
      </Group>
    </Card>
  );
}

function DetailsForm({ app }: { app: Application }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const update = useUpdateApplication();
  const form = useZodForm<ApplicationUpdateBody>(applicationUpdateBody, {
    initialValues: {
      appName: app.app_name,
      appPlaceLocation: app.app_place_location ?? '',
      appPhone: app.app_phone ?? '',
      appEmail: app.app_email ?? '',
      appTagLine: app.app_tagline ?? '',
      appDescription: app.app_description ?? '',
    },
  });
  const nameLimit = useTextLimit(form.values.appName, APP_NAME_MAX_LENGTH);
  const urlLimit = useTextLimit(form.values.appPlaceLocation, APP_URL_MAX_LENGTH);
  const phoneLimit = useTextLimit(form.values.appPhone ?? '', APP_PHONE_MAX_LENGTH);
  const emailLimit = useTextLimit(form.values.appEmail ?? '', EMAIL_MAX_LENGTH);
  const taglineLimit = useTextLimit(form.values.appTagLine ?? '', APP_TAGLINE_MAX_LENGTH);
  const descriptionLimit = useTextLimit(form.values.appDescription ?? '', APP_DESCRIPTION_MAX_LENGTH);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { id: app.id, body: values },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('applications.updated'));
          void navigate('/app-list');
        },
        onError: (error) => {
          const fieldErrors = applicationFieldErrors(error);
          if (fieldErrors) form.setErrors(fieldErrors);
          else toastError(applicationSaveMessage(error));
          shownWhereItHappened(error);
        },
      },
    ),
  );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('applications.fields.createdAt')}: {formatRecordTime(app.created_at)}
            </Text>
            {app.hidden && (
              <Badge color="gray" variant="light">
                {t('applications.status.hidden')}
              </Badge>
            )}
          </Group>
          <TextInput
            label={t('applications.fields.name')}
            required
            {...form.getInputProps('appName')}
            description={nameLimit.description}
            inputWrapperOrder={nameLimit.inputWrapperOrder}
            error={nameLimit.error ?? errorText(form.errors.appName, 'appName')}
          />
          <TextInput
            label={t('applications.fields.url')}
            type="url"
            required
            placeholder="https://"
            {...form.getInputProps('appPlaceLocation')}
            error={urlLimit.error ?? errorText(form.errors.appPlaceLocation, 'appPlaceLocation')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('applications.fields.phone')}
              type="tel"
              {...form.getInputProps('appPhone')}
              error={phoneLimit.error ?? errorText(form.errors.appPhone, 'appPhone')}
            />
            <TextInput
              label={t('applications.fields.email')}
              type="email"
              {...form.getInputProps('appEmail')}
              error={emailLimit.error ?? errorText(form.errors.appEmail, 'appEmail')}
            />
          </Group>
          <TextInput
            label={t('applications.fields.tagline')}
            {...form.getInputProps('appTagLine')}
            description={taglineLimit.description}
            inputWrapperOrder={taglineLimit.inputWrapperOrder}
            error={taglineLimit.error ?? errorText(form.errors.appTagLine, 'appTagLine')}
          />
          <Textarea
            label={t('applications.fields.description')}
            autosize
            minRows={3}
            {...form.getInputProps('appDescription')}
            description={descriptionLimit.description}
            inputWrapperOrder={descriptionLimit.inputWrapperOrder}
            error={descriptionLimit.error ?? errorText(form.errors.appDescription, 'appDescription')}
          />
          <FormActions form={form}>
            <Button variant="default" onClick={() => void navigate('/app-list')} disabled={update.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Card>
  );
}
