import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionIcon, Anchor, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconCheck, IconDots, IconDownload, IconEye, IconRefresh, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STORE_ORDER_STATUSES, STOREFRONT_METHODS, storeOrdersQuery, type StoreOrder, type StoreOrderStatus, type StorefrontMethod } from '@panel/contract';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { DateRangeInput, useDateRangeFilter } from '../../components/date-range-input';
import { SearchInput } from '../../components/search-input';
import { toastError, toastWarning } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { formatNumber, formatRecordTime } from '../../lib/format';
import { useExportOrders, useOrders, type OrderListFilters } from './get-orders';
import { formatPrice } from '../../lib/money';
import { useApproveOrder, useRetryOrder } from './order-actions';
import { OrderDrawer } from './order-drawer';
import { OrderStatusBadge } from './order-status';
import { RejectOrderModal } from './reject-order-modal';

const isStatus = (value: string | null): value is StoreOrderStatus => (STORE_ORDER_STATUSES as readonly (string | null)[]).includes(value);
const isMethod = (value: string | null): value is StorefrontMethod => (STOREFRONT_METHODS as readonly (string | null)[]).includes(value);

type Dialog = { kind: 'approve' | 'reject'; order: StoreOrder };

/**
 * Sales → Orders (issue 43; 'storefront', checked by the route guard): the caller's store orders,
 * newest first, filtered by status, payment method, dates and a search (MAC, e-mail or order
 * number), with the same rows as CSV. Manual orders are approved or rejected here, orders waiting
 * for credit retried; `?order=<id>` opens an order's details (the customer page links there).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const [params, setParams] = useSearchParams();
  const [status, setStatus] = useState<StoreOrderStatus | ''>('');
  const [method, setMethod] = useState<StorefrontMethod | ''>('');
  const [dialog, setDialog] = useState<Dialog>();
  const dates = useDateRangeFilter(
    (from, to) => storeOrdersQuery.safeParse({ date_from: from, date_to: to }).error?.issues[0]?.message,
    () => list.setPage(1),
  );
  const shownId = Number(params.get('order'));
  const shown = Number.isInteger(shownId) && shownId > 0 ? shownId : undefined;
  const openOrder = (id: number | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete('order');
        else next.set('order', String(id));
        return next;
      },
      { replace: true },
    );

  const filters: OrderListFilters = {
    page: list.page,
    per_page: list.pageSize,
    status,
    method,
    date_from: dates.range.from,
    date_to: dates.range.to,
    search: list.keyword,
  };
  const orders = useOrders(filters);
  const exportCsv = useExportOrders();
  const approve = useApproveOrder();
  const retry = useRetryOrder();

  /**
   * The server's message, or, when an approval or a retry did not end in an activation, what the
   * order now waits for: the balance (it activates by itself when credit arrives) or a refund.
   */
  const outcome = ({ msg, data }: { msg: string; data: StoreOrder }, approved: boolean) => {
    const points = t('money.points', { count: data.credit_cost, points: formatNumber(data.credit_cost) });
    if (data.status === 'failed') toastError(t('orders.outcome.failed', { reason: data.failure?.message ?? '' }));
    else if (data.status === 'waiting_credit' && approved) toastWarning(t('orders.outcome.waitingCredit', { points }));
    else if (data.status === 'waiting_credit') toastWarning(msg);
    else showSuccess(msg);
  };
  const approveOrder = (order: StoreOrder) =>
    approve.mutate(order.id, {
      onSuccess: (answer) => outcome(answer, true),
      onSettled: () => setDialog(undefined),
    });
  const retryOrder = (order: StoreOrder) => retry.mutate(order.id, { onSuccess: (answer) => outcome(answer, false) });

  /** The buttons an order's status allows: approve and reject while a manual order waits, retry while it waits for credit. */
  const orderButtons = (order: StoreOrder) => (
    <Group gap="sm">
      {order.status === 'awaiting_approval' && (
        <>
          <Button color="green" leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDialog({ kind: 'approve', order })}>
            {t('orders.actions.approve')}
          </Button>
          <Button color="red" variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog({ kind: 'reject', order })}>
            {t('orders.actions.reject')}
          </Button>
        </>
      )}
      {order.status === 'waiting_credit' && (
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} loading={retry.isPending && retry.variables === order.id} onClick={() => retryOrder(order)}>
          {t('orders.actions.retry')}
        </Button>
      )}
    </Group>
  );

  const actions = (order: StoreOrder) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('orders.actions.of', { id: order.id })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => openOrder(order.id)}>
          {t('orders.actions.details')}
        </Menu.Item>
        {order.status === 'awaiting_approval' && (
          <>
            <Menu.Item leftSection={<IconCheck size={16} aria-hidden />} onClick={() => setDialog({ kind: 'approve', order })}>
              {t('orders.actions.approve')}
            </Menu.Item>
            <Menu.Item color="red.8" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog({ kind: 'reject', order })}>
              {t('orders.actions.reject')}
            </Menu.Item>
          </>
        )}
        {order.status === 'waiting_credit' && (
          <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => retryOrder(order)}>
            {t('orders.actions.retry')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  const columns: Column<StoreOrder>[] = [
    {
      key: 'id',
      header: t('orders.columns.id'),
      card: 'id',
      fit: 'nowrap',
      render: (row) => (
        <Anchor component="button" type="button" size="sm" onClick={() => openOrder(row.id)}>
          #{row.id}
        </Anchor>
      ),
    },
    { key: 'date', header: t('orders.columns.date'), fit: 'nowrap', render: (row) => formatRecordTime(row.created_at) },
    {
      key: 'customer',
      header: t('orders.columns.customer'),
      fit: 'wraps',
      render: (row) => (
        <Stack gap={0}>
          {row.customer_id === null ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <bdi>{row.email}</bdi>
            </Text>
          ) : (
            <Anchor component={Link} to={`/customers/${row.customer_id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              <bdi>{row.email}</bdi>
            </Anchor>
          )}
          {row.name && (
            <Text size="xs" c="dimmed">
              {row.name}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'mac', header: t('orders.columns.mac'), fit: 'nowrap', render: (row) => <bdi>{row.mac_address}</bdi> },
    { key: 'product', header: t('orders.columns.product'), render: (row) => row.product.name },
    { key: 'price', header: t('orders.columns.price'), card: 'lead', fit: 'nowrap', render: (row) => formatPrice(row.price, row.currency) },
    { key: 'credit_cost', header: t('orders.columns.creditCost'), fit: 'nowrap', render: (row) => formatNumber(row.credit_cost) },
    { key: 'status', header: t('orders.columns.status'), card: 'lead', render: (row) => <OrderStatusBadge status={row.status} /> },
    { key: 'method', header: t('orders.columns.method'), render: (row) => t(`orders.methods.${row.method}`) },
    { key: 'actions', header: t('orders.columns.actions'), render: actions },
  ];

  const answer = orders.data;
  // A 422 is about the dates (a range the server refuses): under the picker; anything else in place of the rows.
  const failure = orders.error;
  const datesFailure = failure instanceof ApiError && failure.status === 422 ? failure.fieldErrors().date_to || failure.fieldErrors().date_from || failure.message : undefined;
  const listFailure = failure && !datesFailure ? failure.message || t('orders.loadFailed') : undefined;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('orders.filters.status')}
            description={status ? t(`orders.statusHelp.${status}`) : t('orders.filters.statusHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={[{ value: '', label: t('orders.filters.allStatuses') }, ...STORE_ORDER_STATUSES.map((value) => ({ value, label: t(`orders.statuses.${value}`) }))]}
            renderOption={({ option }) => (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                {option.value && (
                  <Text size="xs" c="dimmed">
                    {t(`orders.statusHelp.${option.value}`)}
                  </Text>
                )}
              </Stack>
            )}
            value={status}
            onChange={(value) => {
              setStatus(isStatus(value) ? value : '');
              list.setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
          <Select
            label={t('orders.filters.method')}
            data={[{ value: '', label: t('orders.filters.allMethods') }, ...STOREFRONT_METHODS.map((value) => ({ value, label: t(`orders.methods.${value}`) }))]}
            value={method}
            onChange={(value) => {
              setMethod(isMethod(value) ? value : '');
              list.setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <DateRangeInput
            label={t('orders.filters.dates')}
            start={dates.picked.from}
            end={dates.picked.to}
            onChange={dates.change}
            error={dates.error ?? datesFailure}
            clearable={false}
            w={300}
          />
          <SearchInput onSearch={list.setKeyword} label={t('orders.filters.search')} placeholder={t('orders.filters.searchPlaceholder')} w={280} />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exportCsv.isPending}
          disabled={answer?.meta.total === 0}
          onClick={() =>
            exportCsv.mutate(filters, {
              onError: (error) => {
                toastError(t('orders.exportFailed'));
                shownWhereItHappened(error);
              },
            })
          }
        >
          {t('orders.export')}
        </Button>
      </Group>
      <DataTable
        label={t('orders.table')}
        columns={columns}
        rows={answer?.data}
        rowKey={(row) => row.id}
        loading={orders.isFetching}
        error={listFailure}
        emptyText={t('orders.empty')}
        {...list.tableProps}
        lastPage={answer?.meta.last_page}
        total={answer?.meta.total}
        totalCapped={answer?.meta.total_capped}
      />
      <OrderDrawer id={shown} onClose={() => openOrder(undefined)} actions={orderButtons} />
      {dialog?.kind === 'approve' && (
        <ConfirmDialog
          opened
          color="green"
          title={t('orders.approve.title', { id: dialog.order.id })}
          message={t('orders.approve.message', {
            mac: dialog.order.mac_address,
            product: dialog.order.product.name,
            points: t('money.points', { count: dialog.order.credit_cost, points: formatNumber(dialog.order.credit_cost) }),
          })}
          confirmLabel={t('orders.approve.confirm')}
          loading={approve.isPending}
          onConfirm={() => approveOrder(dialog.order)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'reject' && <RejectOrderModal order={dialog.order} onClose={() => setDialog(undefined)} />}
    </Stack>
  );
}
