import { FileInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MIME_TYPES } from '@panel/contract';

/** The size limit of an uploaded image in MB, for the pickers' hints. */
export const IMAGE_UPLOAD_MAX_MB = IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024;

/**
 * A quick check before sending, for a message without a round trip (a message key of the
 * contract). The server checks the content itself: a renamed file passes here and is refused there.
 */
export function imageProblem(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!(IMAGE_UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return 'validation.imageType';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'validation.imageTooLarge';
  return undefined;
}

export type ImageInputProps = {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  disabled?: boolean;
  /** The screen's words: the field's label, its hint, its placeholder and the clear button's name. */
  texts: { label: string; description: string; placeholder: string; clear: string };
};

/** An image picker (an application's logo, an APK plan's image): PNG, JPEG, WebP or SVG up to 2 MB. */
export function ImageInput({ value, onChange, error, disabled, texts }: ImageInputProps) {
  return (
    <FileInput
      label={texts.label}
      description={texts.description}
      placeholder={texts.placeholder}
      accept={IMAGE_UPLOAD_MIME_TYPES.join(',')}
      clearable
      leftSection={<IconPhoto size={16} aria-hidden />}
      value={value}
      onChange={onChange}
      error={error}
      disabled={disabled}
      clearButtonProps={{ 'aria-label': texts.clear }}
    />
  );
}
