import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StorefrontProduct } from '@panel/contract';
import { ApiError } from '../../api/client';
import { CardTable } from '../../components/card-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatNumber } from '../../lib/format';
import { formatPrice } from '../../lib/money';
import { ProductFormModal } from './product-form-modal';
import { useDeleteProduct, useProducts } from './products';
import { useStorefront } from './storefront';

type Editing = { product?: StorefrontProduct } | undefined;

/**
 * Sales → Products (issue 43): what the store sells, each with what one sale costs the reseller in
 * credit. Before the store is set up there is nothing to sell from: the screen sends to its settings.
 */
export function ProductsPage() {
  const { t } = useTranslation();
  const products = useProducts();
  const store = useStorefront();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<StorefrontProduct>();

  if (products.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('storeProducts.loading')} />
      </Center>
    );
  }
  if (products.isError) {
    if (products.error instanceof ApiError && products.error.code === 'STOREFRONT_NOT_SET_UP') return <NotSetUp />;
    return (
      <Alert color="red" role="alert">
        {t('storeProducts.loadFailed')}
      </Alert>
    );
  }

  const list = products.data.data;
  const currency = store.data?.data?.currency ?? list[0]?.currency ?? 'EUR';
  const columns = [
    { key: 'name', header: t('storeProducts.columns.name'), card: 'lead' as const, render: (p: StorefrontProduct) => <Text fw={500}>{p.name}</Text> },
    {
      key: 'apps',
      header: t('storeProducts.columns.apps'),
      render: (p: StorefrontProduct) => (
        <Group gap={4}>
          {p.apps.map((a) => (
            <Badge key={a.id} variant="light" color="gray" tt="none">
              {a.name || `#${a.id}`}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'package', header: t('storeProducts.columns.package'), fit: 'nowrap' as const, render: (p: StorefrontProduct) => t(`storeProducts.packages.${p.package}`) },
    {
      key: 'price',
      header: t('storeProducts.columns.price'),
      card: 'lead' as const,
      fit: 'nowrap' as const,
      align: 'right' as const,
      render: (p: StorefrontProduct) => <span dir="ltr">{formatPrice(p.price, p.currency)}</span>,
    },
    {
      key: 'credit_cost',
      header: t('storeProducts.columns.creditCost'),
      fit: 'nowrap' as const,
      align: 'right' as const,
      render: (p: StorefrontProduct) => formatNumber(p.credit_cost),
    },
    {
      key: 'active',
      header: t('storeProducts.columns.active'),
      render: (p: StorefrontProduct) => (
        <Badge color={p.active ? 'teal' : 'gray'} variant="light">
          {t(p.active ? 'storeProducts.onSale' : 'storeProducts.offSale')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('storeProducts.columns.actions'),
      render: (p: StorefrontProduct) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('storeProducts.edit', { name: p.name })} onClick={() => setEditing({ product: p })}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('storeProducts.delete', { name: p.name })} onClick={() => setDeleting(p)}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack maw={1100}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text c="dimmed" size="sm" style={{ flex: '1 1 260px' }}>
          {t('storeProducts.description', { currency })}
        </Text>
        {/* A new product's price is typed in the store's currency: known once the store is read. */}
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})} disabled={!store.data}>
          {t('storeProducts.add')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Card withBorder padding="xl">
          <Text ta="center" c="dimmed">
            {t('storeProducts.empty')}
          </Text>
        </Card>
      ) : (
        <CardTable label={t('storeProducts.tableLabel')} columns={columns} rows={list} rowKey={(p) => p.id} minWidth={760} />
      )}
      {editing && <ProductFormModal product={editing.product} currency={currency} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('storeProducts.deleteTitle')}
        message={t('storeProducts.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('storeProducts.deleteConfirm')}
        loading={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(undefined) })}
      />
    </Stack>
  );
}

/** No store yet: products are sold from one, so the way forward is its settings. */
function NotSetUp() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="xl" maw={640}>
      <Stack align="center" gap="sm" ta="center">
        <IconBuildingStore size={40} aria-hidden />
        <Title order={2} size="h4">
          {t('storeProducts.notSetUp.title')}
        </Title>
        <Text c="dimmed">{t('storeProducts.notSetUp.description')}</Text>
        <Button component={Link} to="/storefront">
          {t('storeProducts.notSetUp.action')}
        </Button>
      </Stack>
    </Card>
  );
}
