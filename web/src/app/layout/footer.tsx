import { Anchor, Group, Text } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePublicSocialWidget } from '../../features/social-widget/get-public-social-widget';

/** The sticky footer's messaging links, filled from the social widget; nothing when there is none. */
export function Footer() {
  const { t } = useTranslation();
  const widget = usePublicSocialWidget().data?.data.SocialWidget;
  const whatsapp = widget?.whatsapp_number?.replace(/[^\d]/g, '');
  const telegram = widget?.telegram_number?.replace(/^@/, '');
  return (
    <Group h="100%" px="md" justify="space-between">
      <Text size="xs" c="dimmed">
        {t('layout.panelName')}
      </Text>
      <Group gap="md">
        {whatsapp && (
          <Anchor href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4}>
              <IconBrandWhatsapp size={16} /> {t('layout.whatsapp')}
            </Group>
          </Anchor>
        )}
        {telegram && (
          <Anchor href={`https://t.me/${telegram}`} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4}>
              <IconBrandTelegram size={16} /> {t('layout.telegram')}
            </Group>
          </Anchor>
        )}
      </Group>
    </Group>
  );
}
