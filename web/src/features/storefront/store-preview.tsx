import { Alert, Avatar, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contrastWithWhite } from '@panel/contract';
import { formatPrice } from '../../lib/money';

type Props = { title: string; accentColor: string; logoUrl: string | null; currency: string; enabled: boolean };

const HEX = /^#[0-9a-f]{6}$/i;
/** The panel's default accent, shown while the typed colour is not a colour yet. */
const FALLBACK = '#1864ab';

/**
 * How the store looks to its customers, as the reseller types: its title, logo and a product card
 * whose button carries white text on the accent colour, as the public page's buttons do. A colour
 * white text cannot be read on is shown too, so the reseller sees why the form refuses it.
 */
export function StorePreview({ title, accentColor, logoUrl, currency, enabled }: Props) {
  const { t } = useTranslation();
  const accent = HEX.test(accentColor) ? accentColor : FALLBACK;
  const readable = contrastWithWhite(accent.toLowerCase()) >= 4.5;
  let price: string;
  try {
    price = formatPrice(990, currency);
  } catch {
    price = formatPrice(990, 'EUR');
  }
  return (
    <Card withBorder padding={0} aria-label={t('storefront.preview.label')} role="figure">
      <Box px="md" py="xs" style={{ borderBottom: `4px solid ${accent}` }}>
        <Group gap="sm" wrap="nowrap">
          {logoUrl ? (
            <Avatar src={logoUrl} alt={t('storefront.preview.logoAlt')} radius="sm" size="md" />
          ) : (
            <Avatar radius="sm" size="md" color="gray" aria-hidden>
              <IconBuildingStore size={20} />
            </Avatar>
          )}
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {title.trim() || t('storefront.preview.untitled')}
          </Title>
        </Group>
      </Box>
      <Stack p="md" gap="xs">
        {!enabled && (
          <Alert color="gray" variant="light" p="xs">
            <Text size="sm">{t('storefront.preview.closed')}</Text>
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('storefront.preview.caption')}
        </Text>
        <Card withBorder padding="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={600}>{t('storefront.preview.productName')}</Text>
              <Text size="sm" dir="ltr" ta="start">
                {price}
              </Text>
            </div>
            <Button component="span" style={{ backgroundColor: accent, color: '#ffffff' }} aria-hidden>
              {t('storefront.preview.buy')}
            </Button>
          </Group>
        </Card>
        {!readable && (
          <Text size="xs" c="red.8">
            {t('storefront.preview.unreadable')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
