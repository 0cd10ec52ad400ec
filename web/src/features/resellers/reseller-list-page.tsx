import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Button, Checkbox, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBox,
  IconCoinOff,
  IconCoins,
  IconDots,
  IconDownload,
  IconKey,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconPhoto,
  IconPlus,
  IconShieldOff,
  IconSitemap,
  IconTrash,
  IconUserCog,
} from '@tabler/icons-react';
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
import { ApiKeyModal } from './api-key-modal';
import { BulkActionModal, type BulkAction } from './bulk-action-modal';
import { ChangeRoleModal } from './change-role-modal';
import { CreditMoveModal, type CreditMoveKind } from './credit-move-modal';
import { useDownloadResellerReport } from './download-reseller-report';
import { useDownloadActivationReport } from './download-activation-report';
import { useResellers } from './get-resellers';
import { LogoModal } from './logo-modal';
import { useRemoveReseller } from './remove-reseller';
import { useResetTwoFactor } from './reset-two-factor';
import { actionErrorMessage, reportErrorMessage, statusErrorMessage } from './reseller-errors';
import { ResellerStatusBadge } from './reseller-status-badge';
import { useUpdateResellerStatus } from './update-reseller-status';
import { roleName } from '../../lib/role-name';

type Dialog =
  | { kind: 'remove'; reseller: ResellerRow }
  | { kind: 'credit'; move: CreditMoveKind; reseller: ResellerRow }
  | { kind: 'apiKey'; reseller: ResellerRow }
  | { kind: 'logo'; reseller: ResellerRow }
  | { kind: 'role'; reseller: ResellerRow }
  | { kind: 'resetTwoFactor'; reseller: ResellerRow };

/**
 * Reseller list (business-panel.md §2; 'reseller-list', checked by the route guard): search,
 * sort, page, per-row actions each behind its own permission, and bulk remove, disable and
 * enable over the selected rows.
 */
export function ResellerListPage() {
  const { t } = useTranslation();
  const list = useListParams({ sort: { key: 'id', direction: 'desc' } });
  const resellers = useResellers({
    search_title: list.keyword,
    page_number: list.page,
    page_size: list.pageSize,
    sort_key: (list.sort?.key ?? 'id') as ResellerSortKey,
    sort_type: list.sort?.direction ?? 'desc',
  });
  const updateStatus = useUpdateResellerStatus();
  const remove = useRemoveReseller();
  const resetFactor = useResetTwoFactor();
  const download = useDownloadResellerReport();
  const downloadActivations = useDownloadActivationReport();
  const [dialog, setDialog] = useState<Dialog>();
  const [selected, setSelected] = useState<Map<number, ResellerRow>>(new Map());
  const [bulk, setBulk] = useState<BulkAction>();
  const [bulkRows, setBulkRows] = useState<ResellerRow[]>([]);

  const can = {
    add: session.has('add-reseller'),
    addSub: session.has('add-sub-reseller'),
    edit: session.has('edit-reseller'),
    subList: session.has('sub-reseller-list'),
    switch: session.has('switch-reseller'),
    status: session.has('disable-enable-reseller'),
    remove: session.has('remove-reseller'),
    addCredit: session.has('reseller-list'),
    deductCredit: session.has('deduct-credit'),
    apiKey: session.has('Api-Control'),
    logo: session.has('Web Logo'),
    report: session.has('download-report'),
    role: session.has('update-role') || session.has('change-role'),
    loginIp: session.has('Login Ip'),
    boxes: session.has('disable-boxes') || session.has('enable-boxes'),
  };
  const canBulk = can.status || can.remove;

  const rows = resellers.data?.data.data ?? [];
  const pageSelected = rows.filter((r) => selected.has(r.id)).length;

  const toggleRow = (row: ResellerRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });

  const startBulk = (action: BulkAction) => {
    setBulkRows([...selected.values()]);
    setBulk(action);
  };

  const setStatus = (row: ResellerRow, disable: boolean) =>
    updateStatus.mutate(
      { id: row.id, body: { is_disable_by_admin: disable ? 1 : 0 } },
      { onSuccess: (answer) => showSuccess(answer.msg), onError: (error) => { toastError(statusErrorMessage(error)); shownWhereItHappened(error); } },
    );

  const confirmRemove = () => {
    if (dialog?.kind !== 'remove') return;
    const { reseller } = dialog;
    remove.mutate(reseller.id, {
      onSuccess: (answer) => {
        showSuccess(answer.msg);
        toggleRow(reseller, false);
      },
      onError: (error) => {
        toastError(actionErrorMessage(error));
        shownWhereItHappened(error);
      },
      onSettled: () => setDialog(undefined),
    });
  };

  const confirmResetTwoFactor = () => {
    if (dialog?.kind !== 'resetTwoFactor') return;
    resetFactor.mutate(dialog.reseller.id, {
      onSuccess: (answer) => showSuccess(answer.msg),
      onError: (error) => {
        toastError(actionErrorMessage(error));
        shownWhereItHappened(error);
      },
      onSettled: () => setDialog(undefined),
    });
  };

  const downloadReport = (row: ResellerRow) =>
    download.mutate(row.id, { onError: (error) => { toastError(reportErrorMessage(error)); shownWhereItHappened(error); } });
  const downloadActivationReport = (row: ResellerRow) =>
    downloadActivations.mutate(row.id, { onError: (error) => { toastError(reportErrorMessage(error)); shownWhereItHappened(error); } });

  const actions = (r: ResellerRow) => {
    const disabled = r.is_disable_by_admin === 1;
    const links = [
      can.edit && (
        <Menu.Item key="edit" component={Link} to={`/edit-reseller/${r.id}`} leftSection={<IconPencil size={16} />}>
          {t('resellerList.actions.edit')}
        </Menu.Item>
      ),
      can.subList && (
        <Menu.Item key="sub" component={Link} to={`/sub-reseller-list/${r.id}`} leftSection={<IconSitemap size={16} />}>
          {t('resellerList.actions.subResellers')}
        </Menu.Item>
      ),
      can.switch && r.isSubReseller === 1 && (
        <Menu.Item key="switch" component={Link} to={`/switch-sub-reseller/${r.id}`} leftSection={<IconArrowsExchange size={16} />}>
          {t('resellerList.actions.switch')}
        </Menu.Item>
      ),
      can.boxes && (
        <Menu.Item key="boxes" component={Link} to={`/box-management/${r.id}`} leftSection={<IconBox size={16} />}>
          {t('resellerList.actions.boxManagement')}
        </Menu.Item>
      ),
    ].filter(Boolean);
    const items = [
      can.status && (
        <Menu.Item
          key="status"
          leftSection={disabled ? <IconLockOpen size={16} /> : <IconLock size={16} />}
          onClick={() => setStatus(r, !disabled)}
        >
          {disabled ? t('resellerList.actions.enable') : t('resellerList.actions.disable')}
        </Menu.Item>
      ),
      can.addCredit && (
        <Menu.Item key="add" leftSection={<IconCoins size={16} />} onClick={() => setDialog({ kind: 'credit', move: 'add', reseller: r })}>
          {t('resellerList.actions.addCredit')}
        </Menu.Item>
      ),
      can.deductCredit && (
        <Menu.Item
          key="deduct"
          leftSection={<IconCoinOff size={16} />}
          onClick={() => setDialog({ kind: 'credit', move: 'deduct', reseller: r })}
        >
          {t('resellerList.actions.deductCredit')}
        </Menu.Item>
      ),
      can.apiKey && (
        <Menu.Item key="api" leftSection={<IconKey size={16} />} onClick={() => setDialog({ kind: 'apiKey', reseller: r })}>
          {t('resellerList.actions.apiKey')}
        </Menu.Item>
      ),
      can.logo && (
        <Menu.Item key="logo" leftSection={<IconPhoto size={16} />} onClick={() => setDialog({ kind: 'logo', reseller: r })}>
          {t('resellerList.actions.logo')}
        </Menu.Item>
      ),
      can.report && (
        <Menu.Item key="report" leftSection={<IconDownload size={16} />} onClick={() => downloadReport(r)}>
          {t('resellerList.actions.creditReport')}
        </Menu.Item>
      ),
      can.report && (
        <Menu.Item key="activations" leftSection={<IconDownload size={16} />} onClick={() => downloadActivationReport(r)}>
          {t('resellerList.actions.activationReport')}
        </Menu.Item>
      ),
      can.edit && r.two_factor && (
        <Menu.Item key="two-factor" leftSection={<IconShieldOff size={16} />} onClick={() => setDialog({ kind: 'resetTwoFactor', reseller: r })}>
          {t('resellerList.actions.resetTwoFactor')}
        </Menu.Item>
      ),
      can.role && (
        <Menu.Item key="role" leftSection={<IconUserCog size={16} />} onClick={() => setDialog({ kind: 'role', reseller: r })}>
          {t('resellerList.actions.changeRole')}
        </Menu.Item>
      ),
    ].filter(Boolean);
    const danger = can.remove && (
      <Menu.Item key="remove" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDialog({ kind: 'remove', reseller: r })}>
        {t('resellerList.actions.remove')}
      </Menu.Item>
    );
    if (links.length + items.length === 0 && !danger) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('resellerList.actions.of', { email: r.email })}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {links}
          {links.length > 0 && items.length > 0 && <Menu.Divider />}
          {items}
          {danger && (links.length > 0 || items.length > 0) && <Menu.Divider />}
          {danger}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const columns: Column<ResellerRow>[] = [
    ...(canBulk
      ? [
          {
            key: 'select',
            card: 'control' as const,
            width: 40,
            header: (
              <Checkbox
                aria-label={t('resellerList.selectPage')}
                checked={rows.length > 0 && pageSelected === rows.length}
                indeterminate={pageSelected > 0 && pageSelected < rows.length}
                onChange={(event) => togglePage(event.currentTarget.checked)}
              />
            ),
            render: (r: ResellerRow) => (
              <Checkbox
                aria-label={t('resellerList.selectRow', { email: r.email })}
                checked={selected.has(r.id)}
                onChange={(event) => toggleRow(r, event.currentTarget.checked)}
              />
            ),
          },
        ]
      : []),
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
    { key: 'role', header: t('resellerList.columns.role'), render: (r) => <Text size="sm">{roleName(r.role_name)}</Text> },
    {
      key: 'parent',
      header: t('resellerList.columns.parentEmail'),
      render: (r) => <Text size="sm">{r.parent_reseller?.email ?? '—'}</Text>,
    },
    { key: 'status', card: 'lead', header: t('resellerList.columns.status'), sortable: true, render: (r) => <ResellerStatusBadge reseller={r} /> },
    ...(can.loginIp
      ? [{ key: 'login_ip', header: t('resellerList.columns.loginIp'), render: (r: ResellerRow) => <Text size="sm">{r.login_ip ?? '—'}</Text> }]
      : []),
    {
      key: 'created_at',
      header: t('resellerList.columns.createdAt'),
      sortable: true,
      fit: 'nowrap',
      render: (r) => <Text size="sm">{formatRecordTime(r.created_at)}</Text>,
    },
    {
      key: 'actions',
      header: <Text component="span" size="sm" fw={700}>{t('resellerList.columns.actions')}</Text>,
      align: 'right',
      width: 80,
      render: actions,
    },
  ];

  const meta = resellers.data?.meta;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Group gap="xs">
          {can.addSub && (
            <Button component={Link} to="/add-sub-reseller" variant="light" leftSection={<IconPlus size={16} />}>
              {t('resellerList.addSubReseller')}
            </Button>
          )}
          {can.add && (
            <Button component={Link} to="/add-reseller" leftSection={<IconPlus size={16} />}>
              {t('resellerList.addReseller')}
            </Button>
          )}
        </Group>
      </Group>
      <SearchInput onSearch={list.setKeyword} label={t('resellerList.search')} placeholder={t('resellerList.searchPlaceholder')} />
      {canBulk && selected.size > 0 && (
        <Paper withBorder p="xs" role="region" aria-label={t('resellerList.bulk.toolbar')}>
          <Group justify="space-between">
            <Text size="sm">{t('resellerList.bulk.selected', { total: selected.size })}</Text>
            <Group gap="xs">
              {can.status && (
                <>
                  <Button size="xs" variant="light" color="green" onClick={() => startBulk('enable')}>
                    {t('resellerList.bulk.enable')}
                  </Button>
                  <Button size="xs" variant="light" color="orange" onClick={() => startBulk('disable')}>
                    {t('resellerList.bulk.disable')}
                  </Button>
                </>
              )}
              {can.remove && (
                <Button size="xs" variant="light" color="red" onClick={() => startBulk('remove')}>
                  {t('resellerList.bulk.remove')}
                </Button>
              )}
              <Button size="xs" variant="subtle" color="gray" onClick={() => setSelected(new Map())}>
                {t('resellerList.bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <DataTable
        label={t('resellerList.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={resellers.isFetching}
        error={resellers.isError ? actionErrorMessage(resellers.error) : undefined}
        {...list.tableProps}
        lastPage={meta?.last_page}
        total={meta?.total}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'remove'}
        title={t('resellerList.removeTitle')}
        message={t('resellerList.removeConfirm', { email: dialog?.reseller.email ?? '' })}
        confirmLabel={t('resellerList.actions.remove')}
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setDialog(undefined)}
      />
      <ConfirmDialog
        opened={dialog?.kind === 'resetTwoFactor'}
        title={t('resellerList.resetTwoFactorTitle')}
        message={t('resellerList.resetTwoFactorConfirm', { email: dialog?.reseller.email ?? '' })}
        confirmLabel={t('resellerList.actions.resetTwoFactor')}
        loading={resetFactor.isPending}
        onConfirm={confirmResetTwoFactor}
        onClose={() => setDialog(undefined)}
      />
      <CreditMoveModal
        reseller={dialog?.kind === 'credit' ? dialog.reseller : undefined}
        kind={dialog?.kind === 'credit' ? dialog.move : 'add'}
        onClose={() => setDialog(undefined)}
      />
      <ApiKeyModal reseller={dialog?.kind === 'apiKey' ? dialog.reseller : undefined} onClose={() => setDialog(undefined)} />
      <LogoModal reseller={dialog?.kind === 'logo' ? dialog.reseller : undefined} onClose={() => setDialog(undefined)} />
      <ChangeRoleModal reseller={dialog?.kind === 'role' ? dialog.reseller : undefined} onClose={() => setDialog(undefined)} />
      <BulkActionModal
        action={bulk}
        rows={bulkRows}
        onClose={() => setBulk(undefined)}
        onFinished={(outcomes) =>
          setSelected((current) => {
            const next = new Map(current);
            for (const outcome of outcomes) if (outcome.ok) next.delete(outcome.id);
            return next;
          })
        }
      />
    </Stack>
  );
}
