import { useTranslation } from 'react-i18next';

/**
 * An event type's words: its label and one line on what it carries. The type itself
 * (`activation.succeeded`) is the locale key's path, so a new type in the contract needs only
 * its two texts (`integrations.events.<type>.label`, `.description`); an unknown one reads as its type.
 */
export function useEventText() {
  const { t } = useTranslation();
  return {
    label: (type: string) => t(`integrations.events.${type}.label`, { defaultValue: type }),
    description: (type: string) => t(`integrations.events.${type}.description`, { defaultValue: '' }),
  };
}
