import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActionIcon, Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconLinkOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerDetail, CustomerDevice } from '@panel/contract';
import { CardTable, type CardColumn } from '../../components/card-table';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusBadge } from '../../components/status-badge';
import { LANGUAGE_NAMES } from '../../i18n';
import { showSuccess } from '../../lib/feedback';
import { formatRecordDay, formatRecordTime } from '../../lib/format';
import { formatPrice } from '../../lib/money';
import { OrderStatusBadge } from '../orders';
import { useDeleteCustomer, useUnlinkDevice } from './customer-actions';
import { CustomerChannels } from './customer-channels';
import { CustomerFormModal } from './customer-form-modal';
import { customerName } from './customers-page';
import { useCustomer } from './get-customers';
import { LinkDeviceForm } from './link-device-form';

const DEVICE_STATUS_COLORS: Record<CustomerDevice['status'], string> = { active: 'green', expired: 'orange', disabled: 'gray' };

type CustomerOrder = CustomerDetail['orders'][number];

/**
 * A customer's page (/customers/:id; 'storefront'): its details with an Edit form, its devices
 * (app, expiry, status; unlinked with a confirm, the device itself unchanged) with a form to link
 * another, and its last orders, each leading to the order's details on the Orders screen. Its
 * channels and reminders (issue 44) between the details and the devices.
 */
export function CustomerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [unlinking, setUnlinking] = useState<CustomerDevice>();
  const unlink = useUnlinkDevice();
  const remove = useDeleteCustomer();
  const data = customer.data?.data;

  if (customer.isError || !(id > 0)) {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert">
          {customer.error?.message || t('customers.page.notFound')}
        </Alert>
        <BackLink />
      </Stack>
    );
  }
  if (!data) return <Loader size="sm" aria-label={t('customers.page.loading')} />;

  const deviceColumns: CardColumn<CustomerDevice>[] = [
    { key: 'mac', header: t('customers.devices.mac'), card: 'lead', fit: 'nowrap', render: (row) => <bdi>{row.mac_address}</bdi> },
    { key: 'app', header: t('customers.devices.app'), render: (row) => row.app.name },
    { key: 'expiry', header: t('customers.devices.expiry'), fit: 'nowrap', render: (row) => (row.is_lifetime ? t('customers.devices.lifetime') : formatRecordDay(row.expires_at)) },
    {
      key: 'status',
      header: t('customers.devices.status'),
      render: (row) => (
        <Group gap={4} wrap="wrap">
          <StatusBadge color={DEVICE_STATUS_COLORS[row.status]}>{t(`customers.devices.statuses.${row.status}`)}</StatusBadge>
          {row.is_trial && <StatusBadge color="blue">{t('customers.devices.trial')}</StatusBadge>}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('customers.devices.actions'),
      render: (row) => (
        <ActionIcon variant="subtle" color="red.8" aria-label={t('customers.devices.unlinkNamed', { mac: row.mac_address, app: row.app.name })} onClick={() => setUnlinking(row)}>
          <IconLinkOff size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];

  const orderColumns: CardColumn<CustomerOrder>[] = [
    {
      key: 'id',
      header: t('customers.orders.id'),
      card: 'id',
      fit: 'nowrap',
      render: (row) => (
        <Anchor component={Link} to={`/storefront/orders?order=${row.id}`} size="sm">
          #{row.id}
        </Anchor>
      ),
    },
    { key: 'date', header: t('customers.orders.date'), fit: 'nowrap', render: (row) => formatRecordTime(row.created_at) },
    { key: 'product', header: t('customers.orders.product'), render: (row) => row.product_name },
    { key: 'mac', header: t('customers.orders.mac'), fit: 'nowrap', render: (row) => <bdi>{row.mac_address}</bdi> },
    { key: 'price', header: t('customers.orders.price'), card: 'lead', fit: 'nowrap', render: (row) => formatPrice(row.price, row.currency) },
    { key: 'status', header: t('customers.orders.status'), card: 'lead', render: (row) => <OrderStatusBadge status={row.status} /> },
  ];

  const detail = (label: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    </div>
  );

  return (
    <Stack gap="lg">
      <BackLink />
      <Card withBorder padding="lg" component="section" aria-labelledby="customer-details-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} size="h4" id="customer-details-title" style={{ overflowWrap: 'anywhere' }}>
              {customerName(data)}
            </Title>
            <Group gap="xs">
              <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditing(true)}>
                {t('customers.page.edit')}
              </Button>
              <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setDeleting(true)}>
                {t('customers.actions.delete')}
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {detail(t('customers.form.name'), data.name ?? '—')}
            {detail(t('customers.form.email'), data.email ? <bdi>{data.email}</bdi> : '—')}
            {detail(t('customers.form.phone'), data.phone ? <bdi>{data.phone}</bdi> : '—')}
            {detail(t('customers.form.language'), LANGUAGE_NAMES[data.language])}
            {detail(t('customers.columns.created'), formatRecordDay(data.created_at))}
          </SimpleGrid>
          {data.notes && detail(t('customers.form.notes'), data.notes)}
        </Stack>
      </Card>

      <CustomerChannels customer={data} />

      <Card withBorder padding="lg" component="section" aria-labelledby="customer-devices-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="customer-devices-title">
            {t('customers.devices.title')}
          </Title>
          {data.devices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('customers.devices.empty')}
            </Text>
          ) : (
            <CardTable label={t('customers.devices.title')} columns={deviceColumns} rows={data.devices} rowKey={(row) => row.device_id} minWidth={560} />
          )}
          <LinkDeviceForm customerId={data.id} />
        </Stack>
      </Card>

      <Card withBorder padding="lg" component="section" aria-labelledby="customer-orders-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="customer-orders-title">
            {t('customers.orders.title')}
          </Title>
          {data.orders.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('customers.orders.empty')}
            </Text>
          ) : (
            <CardTable label={t('customers.orders.title')} columns={orderColumns} rows={data.orders} rowKey={(row) => row.id} minWidth={640} />
          )}
        </Stack>
      </Card>

      {editing && <CustomerFormModal customer={data} onClose={() => setEditing(false)} />}
      {unlinking && (
        <ConfirmDialog
          opened
          title={t('customers.devices.unlinkTitle', { mac: unlinking.mac_address })}
          message={t('customers.devices.unlinkMessage', { app: unlinking.app.name })}
          confirmLabel={t('customers.devices.unlink')}
          loading={unlink.isPending}
          onConfirm={() =>
            unlink.mutate(
              { id: data.id, deviceId: unlinking.device_id },
              { onSuccess: (answer) => showSuccess(answer.msg), onSettled: () => setUnlinking(undefined) },
            )
          }
          onClose={() => setUnlinking(undefined)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          opened
          title={t('customers.delete.title', { name: customerName(data) })}
          message={t('customers.delete.message')}
          confirmLabel={t('customers.delete.confirm')}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(data.id, {
              onSuccess: (answer) => {
                showSuccess(answer.msg);
                void navigate('/customers');
              },
              onSettled: () => setDeleting(false),
            })
          }
          onClose={() => setDeleting(false)}
        />
      )}
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const BackIcon = dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to="/customers" size="sm">
      <Group gap={4} component="span">
        <BackIcon size={14} aria-hidden />
        {t('customers.page.back')}
      </Group>
    </Anchor>
  );
}
