import { Alert, Center, Loader, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A screen of cards (Download APK, Payment Plans): the spinner while loading, the failure, the
 * empty text, or the cards as a labelled list, one column on a phone.
 */
export function CardGrid<T>({
  items,
  pending,
  failure,
  emptyText,
  label,
  renderCard,
}: {
  items: readonly T[] | undefined;
  pending: boolean;
  /** The message to show when loading failed. */
  failure: string | undefined;
  emptyText: string;
  label: string;
  renderCard: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (failure !== undefined) {
    return (
      <Alert color="red" variant="light" role="alert">
        {failure}
      </Alert>
    );
  }
  if (!items || items.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label={label}>
      {items.map(renderCard)}
    </SimpleGrid>
  );
}
