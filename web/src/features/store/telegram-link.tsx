import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The store's bot, for the customer (issue 44): one tap opens Telegram on the customer's own start
 * link (`https://t.me/<bot>?start=<customer code>`), and Start links that chat — the receipt,
 * renewal reminders and `/status` then come there too.
 */
export function TelegramLink({ url, accent }: { url: string; accent: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="store-telegram-title">
      <Stack gap="xs">
        <Text fw={600} id="store-telegram-title">
          {t('store.telegram.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('store.telegram.text')}
        </Text>
        <Group>
          <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="light" color={accent} leftSection={<IconBrandTelegram size={18} aria-hidden />}>
            {t('store.telegram.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
