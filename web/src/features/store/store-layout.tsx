import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Box, Container, Group, Image, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram, IconBrandWhatsapp, IconFlask, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale, type PublicStorefront } from '@panel/contract';
import { LANGUAGE_NAMES } from '../../i18n';
import { useMode } from '../../lib/mode';

/** The store's face: what every store page shows of it (a closed store has none). */
export type StoreFace = Pick<PublicStorefront, 'title' | 'logo_url' | 'accent_color' | 'support'>;

/** The panel's own blue, for a page whose store could not be read (closed, unknown). */
export const NEUTRAL_ACCENT = '#1c5fb8';

/** A WhatsApp number as wa.me wants it: its digits, country code first. */
export const whatsappUrl = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;
/** A Telegram handle (`@name`, `name` or a t.me link) as a t.me link. */
export const telegramUrl = (handle: string) => `https://t.me/${handle.trim().replace(/^(?:https?:\/\/)?(?:www\.)?t\.me\//i, '').replace(/^@/, '')}`;

function SupportContacts({ support }: { support: StoreFace['support'] }) {
  const { t } = useTranslation();
  const { email, whatsapp, telegram } = support;
  if (!email && !whatsapp && !telegram) return null;
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="md">
        <Stack gap="xs" component="section" aria-labelledby="store-support">
          <Title order={2} size="h4" id="store-support">
            {t('store.support.title')}
          </Title>
          <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {email && (
              <Group component="li" gap={6} wrap="nowrap">
                <IconMail size={18} aria-hidden />
                <Anchor href={`mailto:${email}`} dir="ltr">
                  {email}
                </Anchor>
              </Group>
            )}
            {whatsapp && (
              <Group component="li" gap={6} wrap="nowrap">
                <IconBrandWhatsapp size={18} aria-hidden />
                <Anchor href={whatsappUrl(whatsapp)} target="_blank" rel="noopener noreferrer">
                  {t('store.support.whatsapp', { number: whatsapp })}
                </Anchor>
              </Group>
            )}
            {telegram && (
              <Group component="li" gap={6} wrap="nowrap">
                <IconBrandTelegram size={18} aria-hidden />
                <Anchor href={telegramUrl(telegram)} target="_blank" rel="noopener noreferrer">
                  {t('store.support.telegram', { handle: telegram.replace(/^@/, '') })}
                </Anchor>
              </Group>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

type Props = {
  /** The store, once read; undefined while loading or when it is closed. */
  store: StoreFace | undefined;
  language: Locale;
  onLanguage: (locale: Locale) => void;
  /** The tab's name ("<screen> · <store>"). */
  documentTitle: string;
  /** Whether the store's title in the header is the page's heading (the store page); else the page brings its own h1. */
  titleIsHeading?: boolean;
  children: ReactNode;
};

/**
 * A public store page, outside the panel: no sidebar, no top bar, no sign-in. The store's logo,
 * title and colour at the top (a band of the accent colour), the language picker, and its support
 * contacts at the bottom.
 */
export function StoreLayout({ store, language, onLanguage, documentTitle, titleIsHeading = false, children }: Props) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  const accent = store?.accent_color ?? NEUTRAL_ACCENT;
  const sandbox = useMode() === 'sandbox';
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" style={{ borderTop: `6px solid ${accent}`, borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
              {store?.logo_url && <Image src={store.logo_url} alt="" h={48} w={48} fit="contain" radius="sm" />}
              {store &&
                (titleIsHeading ? (
                  <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                    {store.title}
                  </Title>
                ) : (
                  <Text fw={700} fz="xl" style={{ overflowWrap: 'anywhere' }}>
                    {store.title}
                  </Text>
                ))}
            </Group>
            <NativeSelect
              aria-label={t('common.language')}
              size="xs"
              w={170}
              value={language}
              data={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
              onChange={(event) => onLanguage(event.currentTarget.value as Locale)}
            />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="md" py="lg" w="100%" style={{ flex: 1 }}>
        {sandbox && (
          // The panel's Live / Sandbox switch reaches the store pages of this browser too (the API client's prefix).
          <Alert color="orange" variant="light" icon={<IconFlask size={18} aria-hidden />} title={t('store.sandbox.title')} mb="md">
            {t('store.sandbox.body')}
          </Alert>
        )}
        {children}
      </Container>
      {store && <SupportContacts support={store.support} />}
    </Box>
  );
}
