import { useState } from 'react';
import { Alert, Button, Group, Image, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  APK_DESCRIPTION_MAX_LENGTH,
  APK_NAME_MAX_LENGTH,
  apkPlanFields,
  URL_MAX_LENGTH,
  type ApkPlan,
  type ApkPlanFields,
} from '@panel/contract';
import { ApiError } from '../../api/client';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { applyServerErrors, formErrorText, isMessageKey, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { IMAGE_UPLOAD_MAX_MB, ImageInput, imageProblem } from '../../components/image-input';
import { useTextLimit } from '../../components/text-limit';
import { useAddApkPlan } from './add-apk-plan';
import { useUpdateApkPlan } from './update-apk-plan';

type Props = {
  /** The plan being edited; none adds a new one. */
  plan?: ApkPlan;
  onClose: () => void;
};

const MAX: Record<string, number> = { name: APK_NAME_MAX_LENGTH, description: APK_DESCRIPTION_MAX_LENGTH, apk_url: URL_MAX_LENGTH };

/**
 * Add or edit an APK plan (business-panel.md §2, §5): name, description and APK URL required (the
 * URL an http(s) one), the image optional. Sent as multipart, as the specification's client does.
 * Mounted fresh for each opening, so it always starts from the plan's values.
 */
export function ApkPlanModal({ plan, onClose }: Props) {
  const { t } = useTranslation();
  const add = useAddApkPlan();
  const update = useUpdateApkPlan();
  const saving = add.isPending || update.isPending;
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const form = useZodForm<ApkPlanFields>(apkPlanFields, {
    initialValues: { name: plan?.name ?? '', description: plan?.description ?? '', apk_url: plan?.apk_url ?? '' },
  });
  const nameLimit = useTextLimit(form.values.name, APK_NAME_MAX_LENGTH);
  const descriptionLimit = useTextLimit(form.values.description, APK_DESCRIPTION_MAX_LENGTH);
  const urlLimit = useTextLimit(form.values.apk_url, URL_MAX_LENGTH);

  // Contract rules answer message keys; the server's 422 messages arrive as sentences already.
  const errorText = (message: unknown, field: 'name' | 'description' | 'apk_url' | 'image') => {
    if (typeof message !== 'string' || message === '') return undefined;
    if (!isMessageKey(message)) return message;
    return t(message, { field: t(`apk.fieldNames.${field}`), max: MAX[field] ?? '' });
  };

  const close = () => {
    if (!saving) onClose();
  };

  const submit = form.onSubmit((fields) => {
    setFailure(undefined);
    const problem = imageProblem(image);
    if (problem) {
      setImageError(problem);
      return;
    }
    const handlers = {
      onSuccess: (answer: { msg: string }) => {
        showSuccess(answer.msg || t(plan ? 'apk.planUpdated' : 'apk.planAdded'));
        onClose();
      },
      // Field messages under their inputs, other failures inside the modal.
      onError: (error: unknown) => {
        shownWhereItHappened(error);
        if (applyServerErrors(form, error)) {
          if (error instanceof ApiError) setImageError(error.fieldErrors().image);
          return;
        }
        setFailure(formErrorText(error, { fallback: t('apk.errors.saveFailed') }));
      },
    };
    if (plan) update.mutate({ id: plan.id, fields, image }, handlers);
    else add.mutate({ fields, image }, handlers);
  });

  return (
    <Modal opened onClose={close} title={t(plan ? 'apk.editTitle' : 'apk.addTitle')} centered closeButtonProps={{ 'aria-label': t('table.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('apk.fields.name')}
            required
            data-autofocus
            {...form.getInputProps('name')}
            description={nameLimit.description}
            inputWrapperOrder={nameLimit.inputWrapperOrder}
            error={nameLimit.error ?? errorText(form.errors.name, 'name')}
          />
          <Textarea
            label={t('apk.fields.description')}
            required
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
            description={descriptionLimit.description}
            inputWrapperOrder={descriptionLimit.inputWrapperOrder}
            error={descriptionLimit.error ?? errorText(form.errors.description, 'description')}
          />
          <TextInput
            label={t('apk.fields.apkUrl')}
            type="url"
            required
            placeholder="https://"
            dir="ltr"
            {...form.getInputProps('apk_url')}
            error={urlLimit.error ?? errorText(form.errors.apk_url, 'apk_url')}
          />
          {plan?.image_url && !image && (
            <Group gap="sm">
              <Image src={plan.image_url} alt={t('apk.currentImage')} w={48} h={48} fit="contain" radius="sm" />
              <Text size="sm" c="dimmed">
                {t('apk.currentImage')}
              </Text>
            </Group>
          )}
          <ImageInput
            value={image}
            onChange={(file) => {
              setImage(file);
              setImageError(undefined);
            }}
            error={errorText(imageError, 'image')}
            disabled={saving}
            texts={{
              label: t('apk.fields.image'),
              // Editing: an empty picker keeps the plan's current image.
              description: t(plan?.image_url ? 'apk.fields.imageKeepHint' : 'apk.fields.imageHint', { mb: IMAGE_UPLOAD_MAX_MB }),
              placeholder: t('apk.fields.imagePlaceholder'),
              clear: t('apk.fields.clearImage'),
            }}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <FormActions form={form}>
            <Button variant="default" onClick={close} disabled={saving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('common.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
