import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab "<screen> · <panel name>" in the chosen language (the panel's name alone without a screen). */
export function useDocumentTitle(screen: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = screen ? `${screen} · ${t('layout.panelName')}` : t('layout.panelName');
  }, [screen, t]);
}
