import { SUB_RESELLER_SEARCH_DEBOUNCE_MS } from '@panel/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActionIcon, Alert, Avatar, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowBack, IconArrowsExchange, IconList, IconPencil, IconPlus, IconUserUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResellerRow } from '@panel/contract';
import { ApiError } from '../../api/client';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { formatRecordTime, formatNumber } from '../../lib/format';
import { session } from '../../lib/session';
import { useSubResellers } from './get-sub-resellers';
import { usePromoteSubReseller } from './promote-sub-reseller';
import { promoteFailure } from './reseller-form-errors';
import { RESELLER_LIST_PATH } from './reseller-forms-constants';
import { useResellerId } from '../../lib/use-reseller-id';
import { StatusBadge } from '../../components/status-badge';

/**
 * /sub-reseller-list/:resellerId (permission sub-reseller-list, else /403): a reseller's
 * sub-resellers, searchable (an empty keyword lists them all), sortable by credit point. The
 * Credit Passcode and Web Logo columns need their own permissions; the Back button shows with
 * add-reseller (business-panel.md §2).
 */
export function SubResellerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useResellerId();
  const list = useListParams();
  const sortKey = list.sort?.key === 'credit_point' ? 'credit_point' : undefined;
  const subResellers = useSubResellers(id ?? 0, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.keyword,
    sort_key: sortKey,
    sort_type: sortKey ? list.sort?.direction : undefined,
  });
  const promote = usePromoteSubReseller();
  const [promoting, setPromoting] = useState<{ opened: boolean; row?: ResellerRow }>({ opened: false });

  const showPasscode = session.has('Credit Passcode');
  const showLogo = session.has('Web Logo');
  const canEdit = session.has('edit-reseller');
  const canSwitch = session.has('switch-reseller');
  const canPromote = session.has('update-role');
  const canListNested = session.has('sub-reseller-list');

  const confirmPromote = () => {
    const row = promoting.row;
    if (!row) return;
    promote.mutate(row.id, {
      onSuccess: (answer) => showSuccess(answer.msg),
      onError: (error) => {
        toastError(promoteFailure(error));
        shownWhereItHappened(error);
      },
      onSettled: () => setPromoting((p) => ({ ...p, opened: false })),
    });
  };

  const columns: Column<ResellerRow>[] = [
    { key: 'name', header: t('resellerForms.subList.columns.name'), render: (r) => <Text size="sm" fw={600}>{r.name}</Text> },
    {
      key: 'credit_point',
      card: 'lead',
      header: t('resellerForms.subList.columns.creditPoint'),
      sortable: true,
      align: 'right',
      render: (r) => <Text size="sm">{formatNumber(r.credit_point)}</Text>,
    },
  ];
  if (showPasscode) {
    columns.push({
      key: 'credit_share_passcode',
      header: t('resellerForms.subList.columns.creditPasscode'),
      render: (r) => <Text size="sm">{r.credit_share_passcode ?? t('resellerForms.subList.notSet')}</Text>,
    });
  }
  columns.push({
    key: 'total_boxes_activated',
    header: t('resellerForms.subList.columns.totalBoxActivated'),
    align: 'right',
    render: (r) => <Text size="sm">{r.total_boxes_activated}</Text>,
  });
  if (showLogo) {
    columns.push({
      key: 'logo_path',
      header: t('resellerForms.subList.columns.webLogo'),
      render: (r) =>
        r.logo_path ? (
          <Avatar src={r.logo_path} alt={t('resellerForms.subList.logoOf', { name: r.name })} radius="sm" size={32} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('resellerForms.subList.noLogo')}
          </Text>
        ),
    });
  }
  columns.push(
    { key: 'email', header: t('resellerForms.subList.columns.email'), render: (r) => <Text size="sm">{r.email}</Text> },
    { key: 'created_at', header: t('resellerForms.subList.columns.createdAt'), fit: 'nowrap', render: (r) => <Text size="sm">{formatRecordTime(r.created_at)}</Text> },
    {
      key: 'status',
      card: 'lead',
      header: t('resellerForms.subList.columns.status'),
      render: (r) =>
        r.is_disable_by_admin === 1 ? (
          <StatusBadge color="red">
            {t('resellerForms.subList.disabled')}
          </StatusBadge>
        ) : r.status === 1 ? (
          <StatusBadge color="green">
            {t('resellerForms.subList.active')}
          </StatusBadge>
        ) : (
          <StatusBadge color="gray">
            {t('resellerForms.subList.inactive')}
          </StatusBadge>
        ),
    },
    {
      key: 'actions',
      header: t('resellerForms.subList.columns.actions'),
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && (
            <Tooltip label={t('resellerForms.subList.edit')}>
              <ActionIcon component={Link} to={`/edit-reseller/${r.id}`} variant="subtle" aria-label={t('resellerForms.subList.editNamed', { name: r.name })}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canListNested && (
            <Tooltip label={t('resellerForms.subList.subResellers')}>
              <ActionIcon
                component={Link}
                to={`/sub-reseller-list/${r.id}`}
                variant="subtle"
                color="gray"
                aria-label={t('resellerForms.subList.subResellersNamed', { name: r.name })}
              >
                <IconList size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canSwitch && (
            <Tooltip label={t('resellerForms.subList.switchParent')}>
              <ActionIcon
                component={Link}
                to={`/switch-sub-reseller/${r.id}`}
                variant="subtle"
                color="gray"
                aria-label={t('resellerForms.subList.switchParentNamed', { name: r.name })}
              >
                <IconArrowsExchange size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {canPromote && (
            <Tooltip label={t('resellerForms.subList.makeReseller')}>
              <ActionIcon
                variant="subtle"
                color="grape"
                aria-label={t('resellerForms.subList.makeResellerNamed', { name: r.name })}
                onClick={() => setPromoting({ opened: true, row: r })}
              >
                <IconUserUp size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  );

  const owner = subResellers.data?.data.reseller;
  const loadError =
    id === undefined || subResellers.isError
      ? subResellers.error instanceof ApiError && subResellers.error.status !== 0
        ? subResellers.error.message
        : t('resellerForms.errors.subResellersLoadFailed')
      : undefined;

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          {owner && (
            <Text size="sm" c="dimmed">
              {t('resellerForms.subList.parentEmail', { email: owner.email })}
            </Text>
          )}
        </div>
        <Group gap="xs">
          {session.has('add-reseller') && (
            <Button variant="default" leftSection={<IconArrowBack size={16} />} onClick={() => void navigate(RESELLER_LIST_PATH)}>
              {t('resellerForms.subList.back')}
            </Button>
          )}
          {session.has('add-sub-reseller') && (
            <Button component={Link} to="/add-sub-reseller" leftSection={<IconPlus size={16} />}>
              {t('resellerForms.subList.addSub')}
            </Button>
          )}
        </Group>
      </Group>
      <SearchInput
        label={t('resellerForms.subList.searchLabel')}
        onSearch={list.setKeyword}
        debounceMs={SUB_RESELLER_SEARCH_DEBOUNCE_MS}
      />
      {loadError && id === undefined ? (
        <Alert color="red" variant="light" role="alert">
          {loadError}
        </Alert>
      ) : (
        <DataTable
          label={t('resellerForms.subList.tableLabel')}
          columns={columns}
          rows={subResellers.data?.data.IBOReseller}
          rowKey={(r) => r.id}
          loading={subResellers.isFetching}
          error={loadError}
          {...list.tableProps}
          lastPage={subResellers.data?.pagination.totalPages}
          total={subResellers.data?.pagination.totalItems}
        />
      )}
      <ConfirmDialog
        opened={promoting.opened}
        title={t('resellerForms.subList.promoteTitle')}
        message={t('resellerForms.subList.promoteMessage', { name: promoting.row?.name ?? '' })}
        confirmLabel={t('resellerForms.subList.makeReseller')}
        color="grape"
        loading={promote.isPending}
        onConfirm={confirmPromote}
        onClose={() => setPromoting((p) => ({ ...p, opened: false }))}
      />
    </Stack>
  );
}
