import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResellerRow, ResellerSortKey } from '@panel/contract';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { formatRecordTime, formatNumber } from '../../lib/format';
import { session } from '../../lib/session';
import { useDeletedResellers } from './get-deleted-resellers';
import { useReactivateReseller } from './reactivate-reseller';
import { actionErrorMessage } from './reseller-errors';
import { ResellerStatusBadge } from './reseller-status-badge';

/** Deleted reseller list (business-panel.md §2; 'deleted-reseller-list'): removed resellers, with reactivation. */
export function DeletedResellersPage() {
  const { t } = useTranslation();
  const list = useListParams({ sort: { key: 'id', direction: 'desc' } });
  const resellers = useDeletedResellers({
    search_title: list.keyword,
    page_number: list.page,
    page_size: list.pageSize,
    sort_key: (list.sort?.key ?? 'id') as ResellerSortKey,
    sort_type: list.sort?.direction ?? 'desc',
  });
  const reactivate = useReactivateReseller();
  const [target, setTarget] = useState<ResellerRow>();
  const canReactivate = session.has('reactivate-reseller');
  const canLoginIp = session.has('Login Ip');

  const confirm = () => {
    if (!target) return;
    reactivate.mutate(target.id, {
      onSuccess: (answer) => showSuccess(answer.msg),
      onError: (error) => {
        toastError(actionErrorMessage(error));
        shownWhereItHappened(error);
      },
      onSettled: () => setTarget(undefined),
    });
  };

  const columns: Column<ResellerRow>[] = [
    { key: 'name', header: t('resellerList.columns.name'), sortable: true, render: (r) => <Text size="sm" fw={600}>{r.name}</Text> },
    { key: 'email', header: t('resellerList.columns.email'), sortable: true, render: (r) => <Text size="sm">{r.email}</Text> },
    {
      key: 'credit_point',
      card: 'lead',
      header: t('resellerList.columns.creditPoint'),
      sortable: true,
      align: 'right',
      render: (r) => <Text size="sm">{formatNumber(r.credit_point)}</Text>,
    },
    { key: 'role', header: t('resellerList.columns.role'), render: (r) => <Text size="sm">{r.role_name}</Text> },
    { key: 'parent', header: t('resellerList.columns.parentEmail'), render: (r) => <Text size="sm">{r.parent_reseller?.email ?? '—'}</Text> },
    { key: 'status', card: 'lead', header: t('resellerList.columns.status'), sortable: true, render: (r) => <ResellerStatusBadge reseller={r} /> },
    ...(canLoginIp
      ? [{ key: 'login_ip', header: t('resellerList.columns.loginIp'), render: (r: ResellerRow) => <Text size="sm">{r.login_ip ?? '—'}</Text> }]
      : []),
    {
      key: 'created_at',
      header: t('resellerList.columns.createdAt'),
      sortable: true,
      render: (r) => <Text size="sm">{formatRecordTime(r.created_at)}</Text>,
    },
    { key: 'deleted_at', header: t('resellerList.columns.deletedAt'), render: (r) => <Text size="sm">{formatRecordTime(r.deleted_at)}</Text> },
    ...(canReactivate
      ? [
          {
            key: 'actions',
            header: <Text component="span" size="sm" fw={700}>{t('resellerList.columns.actions')}</Text>,
            align: 'right' as const,
            render: (r: ResellerRow) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRestore size={14} />}
                loading={reactivate.isPending && reactivate.variables === r.id}
                onClick={() => setTarget(r)}
                aria-label={t('resellerList.deleted.reactivateNamed', { email: r.email })}
              >
                {t('resellerList.deleted.reactivate')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const meta = resellers.data?.meta;
  return (
    <Stack gap="sm">
      <SearchInput onSearch={list.setKeyword} label={t('resellerList.search')} placeholder={t('resellerList.searchPlaceholder')} />
      <DataTable
        label={t('resellerList.deleted.title')}
        columns={columns}
        rows={resellers.data?.data.data}
        rowKey={(r) => r.id}
        loading={resellers.isFetching}
        error={resellers.isError ? actionErrorMessage(resellers.error) : undefined}
        {...list.tableProps}
        lastPage={meta?.last_page}
        total={meta?.total}
      />
      <ConfirmDialog
        opened={target !== undefined}
        title={t('resellerList.deleted.reactivateTitle')}
        message={t('resellerList.deleted.reactivateConfirm', { email: target?.email ?? '' })}
        confirmLabel={t('resellerList.deleted.reactivate')}
        color="green"
        loading={reactivate.isPending}
        onConfirm={confirm}
        onClose={() => setTarget(undefined)}
      />
    </Stack>
  );
}
