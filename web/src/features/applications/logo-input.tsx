import { useTranslation } from 'react-i18next';
import { ImageInput, type ImageInputProps } from '../../components/image-input';

/** The logo picker of Add and Edit application. */
export function LogoInput(props: Omit<ImageInputProps, 'texts'>) {
  const { t } = useTranslation();
  const texts = {
    label: t('applications.fields.logo'),
    description: t('applications.fields.logoHint'),
    placeholder: t('applications.fields.logoPlaceholder'),
    clear: t('applications.fields.clearLogo'),
  };
  return <ImageInput {...props} texts={texts} />;
}
