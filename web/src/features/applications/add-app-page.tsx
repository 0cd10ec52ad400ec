import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APP_NAME_MAX_LENGTH, APP_URL_MAX_LENGTH, applicationCreateFields, type ApplicationCreateFields } from '@panel/contract';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { toastError } from '../../components/toast';
import { useTextLimit } from '../../components/text-limit';
import { applicationFieldErrors, applicationSaveMessage } from './application-errors';
import { useCreateApplication } from './create-application';
import { imageProblem } from '../../components/image-input';
import { LogoInput } from './logo-input';

/** Add application (business-panel.md §2; permission add-module, checked by the route guard): name, logo image, app URL. */
export function AddAppPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const create = useCreateApplication();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();
  const form = useZodForm<ApplicationCreateFields>(applicationCreateFields, { initialValues: { appName: '', appPlaceLocation: '' } });
  const nameLimit = useTextLimit(form.values.appName, APP_NAME_MAX_LENGTH);
  const urlLimit = useTextLimit(form.values.appPlaceLocation, APP_URL_MAX_LENGTH);

  const submit = form.onSubmit((fields) => {
    const problem = imageProblem(logo);
    if (problem) {
      setLogoError(problem);
      return;
    }
    create.mutate(
      { fields, logo },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('applications.created'));
          void navigate('/app-list');
        },
        onError: (error) => {
          shownWhereItHappened(error);
          const fieldErrors = applicationFieldErrors(error);
          if (!fieldErrors) return toastError(applicationSaveMessage(error));
          const { appLogo, ...rest } = fieldErrors;
          form.setErrors(rest);
          setLogoError(appLogo);
        },
      },
    );
  });

  return (
    <Stack maw={640}>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('applications.fields.name')}
              required
              data-autofocus
              {...form.getInputProps('appName')}
              description={nameLimit.description}
              inputWrapperOrder={nameLimit.inputWrapperOrder}
              error={nameLimit.error ?? errorText(form.errors.appName, 'appName')}
            />
            <LogoInput
              value={logo}
              onChange={(file) => {
                setLogo(file);
                setLogoError(undefined);
              }}
              error={errorText(logoError, 'appLogo')}
              disabled={create.isPending}
            />
            <TextInput
              label={t('applications.fields.url')}
              type="url"
              required
              placeholder="https://"
              {...form.getInputProps('appPlaceLocation')}
              error={urlLimit.error ?? errorText(form.errors.appPlaceLocation, 'appPlaceLocation')}
            />
            <FormActions form={form}>
              <Button variant="default" onClick={() => void navigate('/app-list')} disabled={create.isPending}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('common.save')}
              </Button>
            </FormActions>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
