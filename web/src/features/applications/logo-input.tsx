import { FileInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MIME_TYPES } from '@panel/contract';

/**
 * A quick check before sending, for a message without a round trip: the server checks the
 * content itself (a renamed file passes here and is refused there).
 */
export function logoProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!(IMAGE_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'validation.imageType';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'validation.imageTooLarge';
  return undefined;
}

type Props = {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  label?: string;
  disabled?: boolean;
};

/** The logo picker: PNG, JPEG, WebP or SVG up to 2 MB. */
export function LogoInput({ value, onChange, error, label, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={label ?? t('applications.fields.logo')}
      description={t('applications.fields.logoHint')}
      placeholder={t('applications.fields.logoPlaceholder')}
      accept={IMAGE_UPLOAD_MIME_TYPES.join(',')}
      clearable
      leftSection={<IconPhoto size={16} aria-hidden />}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      clearButtonProps={{ 'aria-label': t('applications.fields.clearLogo') }}
    />
  );
}
