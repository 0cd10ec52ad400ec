import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconDownload, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@panel/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { formatNumber, formatRecordDay } from '../../lib/format';
import { useDeleteCustomer } from './customer-actions';
import { CustomerFormModal } from './customer-form-modal';
import { useCustomers, useExportCustomers } from './get-customers';

/** How a customer is named: its name, else its e-mail (one of the two is always there). */
export const customerName = (customer: Pick<Customer, 'name' | 'email' | 'id'>) => customer.name ?? customer.email ?? `#${customer.id}`;

/**
 * Sales → Customers (issue 43; 'storefront', checked by the route guard): the people the
 * caller sells to, filed by their orders or added by hand, newest first, with a search by name,
 * e-mail, phone or MAC address, the same rows as CSV, an Add form and a delete.
 */
export function CustomersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Customer>();
  const customers = useCustomers({ page: list.page, per_page: list.pageSize, search: list.keyword });
  const exportCsv = useExportCustomers();
  const remove = useDeleteCustomer();

  const actions = (customer: Customer) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('customers.actions.of', { name: customerName(customer) })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} component={Link} to={`/customers/${customer.id}`}>
          {t('customers.actions.open')}
        </Menu.Item>
        <Menu.Item color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(customer)}>
          {t('customers.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  const columns: Column<Customer>[] = [
    {
      key: 'name',
      header: t('customers.columns.name'),
      card: 'lead',
      fit: 'wraps',
      render: (row) => (
        <Anchor component={Link} to={`/customers/${row.id}`} size="sm">
          {row.name ?? <Text span size="sm" c="dimmed">{t('customers.noName')}</Text>}
        </Anchor>
      ),
    },
    { key: 'email', header: t('customers.columns.email'), fit: 'wraps', render: (row) => (row.email ? <bdi>{row.email}</bdi> : '—') },
    { key: 'phone', header: t('customers.columns.phone'), fit: 'nowrap', render: (row) => (row.phone ? <bdi>{row.phone}</bdi> : '—') },
    { key: 'devices', header: t('customers.columns.devices'), render: (row) => formatNumber(row.devices_count) },
    { key: 'orders', header: t('customers.columns.orders'), render: (row) => formatNumber(row.orders_count) },
    { key: 'created', header: t('customers.columns.created'), fit: 'nowrap', render: (row) => formatRecordDay(row.created_at) },
    { key: 'actions', header: t('customers.columns.actions'), render: actions },
  ];

  const answer = customers.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput onSearch={list.setKeyword} label={t('customers.search')} placeholder={t('customers.searchPlaceholder')} w={320} />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportCsv.isPending}
            disabled={answer?.meta.total === 0}
            onClick={() =>
              exportCsv.mutate(
                { search: list.keyword },
                {
                  onError: (error) => {
                    toastError(t('customers.exportFailed'));
                    shownWhereItHappened(error);
                  },
                },
              )
            }
          >
            {t('customers.export')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('customers.add')}
          </Button>
        </Group>
      </Group>
      <DataTable
        label={t('customers.table')}
        columns={columns}
        rows={answer?.data}
        rowKey={(row) => row.id}
        loading={customers.isFetching}
        error={customers.error && (customers.error.message || t('customers.loadFailed'))}
        emptyText={list.keyword ? t('customers.noMatch') : t('customers.empty')}
        {...list.tableProps}
        lastPage={answer?.meta.last_page}
        total={answer?.meta.total}
        totalCapped={answer?.meta.total_capped}
      />
      {adding && <CustomerFormModal onClose={() => setAdding(false)} onSaved={(id) => navigate(`/customers/${id}`)} />}
      {deleting && (
        <ConfirmDialog
          opened
          title={t('customers.delete.title', { name: customerName(deleting) })}
          message={t('customers.delete.message')}
          confirmLabel={t('customers.delete.confirm')}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: (answer) => showSuccess(answer.msg),
              onSettled: () => setDeleting(undefined),
            })
          }
          onClose={() => setDeleting(undefined)}
        />
      )}
    </Stack>
  );
}
