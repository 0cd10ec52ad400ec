import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconDownload, IconPencil, IconPlus, IconRefresh, IconRotate, IconToggleLeft, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  codeActions,
  codeDisplayState,
  codeListQuery,
  CODE_LIST_RELOAD_MS,
  CODE_RENEW_COST,
  CODE_SORT_KEYS,
  type ActivationCode,
  type CodeAction,
} from '@panel/contract';
import { useProfile } from '../../api/profile';
import { shownWhereItHappened, showSuccess } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MoneySummary } from '../../components/money-summary';
import { DataTable, type Column, type Sort } from '../../components/data-table';
import { DateRangeInput, defaultListRange, useDateRangeFilter } from '../../components/date-range-input';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { formatNumber, formatRecordDay, formatRecordTime } from '../../lib/format';
import { session } from '../../lib/session';
import { CodeDetailsModal } from './code-details-modal';
import { codeActionError, codeListError } from './code-errors';
import { CopyValueButton } from '../../components/copy-value-button';
import { CodeStateBadge, CodeValue, ErrorDialog, useCodeExpiry } from './code-parts';
import { CreateCodesModal } from './create-codes-modal';
import { useDeleteCode } from './delete-code';
import { useExportCodes } from './export-codes';
import { useActivationCodes, type CodeListFilters, type CodeSortKey } from './get-activation-codes';
import { useRenewCode } from './renew-code';
import { useResetCode } from './reset-code';
import { useUpdateCodeStatus } from './update-code-status';

/** Newest first. */
const DEFAULT_SORT: Sort = { key: 'created_at', direction: 'desc' };
const isSortKey = (key: string): key is CodeSortKey => (CODE_SORT_KEYS as readonly string[]).includes(key);

/** §9: the list starts at the last 3 months through today. */
export const defaultCodeRange = defaultListRange;

type Dialog = { kind: 'details' | 'renew' | 'reset' | 'delete'; code: ActivationCode };

/**
 * Activation codes (business-panel.md §2, §4, §7, §8; 'index-code', checked by the route guard):
 * a search that reloads the list 300 ms after it changes, a date range of at most 3 months, the
 * codes in a server-paged table, a create-code popup, a details popup and a menu per code whose
 * items follow the code's state (§2) and the caller's permissions.
 */
export function ActivationCodesPage() {
  const { t } = useTranslation();
  const ownEmail = useProfile().data?.data.email;
  const list = useListParams({ sort: DEFAULT_SORT });
  const sort = list.sort ?? DEFAULT_SORT;
  const dates = useDateRangeFilter(
    (from, to) => codeListQuery.safeParse({ date_from: from, date_to: to }).error?.issues[0]?.message,
    () => list.setPage(1),
  );
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<Dialog>();
  const [error, setError] = useState<string>();

  const can = {
    create: session.has('purchase-code'),
    chooseReseller: session.has('ibopro-search'),
    // The editor opens with 'view-code' and saves with 'edit-code': Edit needs both, so it never leads to /401.
    edit: session.has('edit-code') && session.has('view-code'),
    renew: session.has('renew-code'),
    reset: session.has('reset-code'),
    status: session.has('change-code-status'),
    delete: session.has('delete-code'),
  };

  const filters: CodeListFilters = {
    page: list.page,
    per_page: list.pageSize,
    search_query: list.keyword,
    sort_key: isSortKey(sort.key) ? sort.key : 'created_at',
    sort_type: sort.direction,
    date_from: dates.range.from,
    date_to: dates.range.to,
  };
  const codes = useActivationCodes(filters);
  const failure = codes.isError ? codeListError(codes.error) : {};

  const renew = useRenewCode();
  const reset = useResetCode();
  const updateStatus = useUpdateCodeStatus();
  const remove = useDeleteCode();
  const expiry = useCodeExpiry();
  const exportCsv = useExportCodes((rows) => [
    [
      t('activationCodes.columns.code'),
      t('activationCodes.columns.type'),
      t('activationCodes.columns.resellerEmail'),
      t('activationCodes.columns.device'),
      t('activationCodes.columns.expires'),
      t('activationCodes.columns.state'),
      t('activationCodes.columns.createdAt'),
    ],
    ...rows.map((code) => [
      code.value,
      t(`activationCodes.types.${code.type}`),
      code.email,
      code.device_info?.mac_address ?? '',
      expiry(code),
      t(`activationCodes.states.${codeDisplayState(code)}`),
      formatRecordTime(code.created_at),
    ]),
  ]);

  /** §7: `resellerEmail` names the code's reseller when it is not the caller (an admin acting for a reseller). */
  const actingFor = (code: ActivationCode) =>
    ownEmail && code.email.toLowerCase() !== ownEmail.toLowerCase() ? { resellerEmail: code.email } : {};
  const fail = (cause: unknown) => {
    setError(codeActionError(cause));
    shownWhereItHappened(cause);
  };

  const changeStatus = (code: ActivationCode) =>
    updateStatus.mutate({ value: code.value, ...actingFor(code) }, { onSuccess: (answer) => showSuccess(answer.message || answer.msg), onError: fail });

  const confirm = () => {
    if (!dialog) return;
    const { code } = dialog;
    const done = { onSettled: () => setDialog(undefined), onError: fail };
    if (dialog.kind === 'renew') {
      renew.mutate(
        { value: code.value, ...actingFor(code) },
        // The server's sentence carries the date as ISO: the screen says it in the records' date style.
        { ...done, onSuccess: (answer) => showSuccess(t('activationCodes.renew.done', { date: formatRecordDay(answer.expire_date) })) },
      );
    } else if (dialog.kind === 'reset') {
      reset.mutate({ code_id: code.id, ...actingFor(code) }, { ...done, onSuccess: (answer) => showSuccess(answer.message || answer.msg) });
    } else if (dialog.kind === 'delete') {
      remove.mutate({ value: code.value, ...actingFor(code) }, { ...done, onSuccess: (answer) => showSuccess(answer.message || answer.msg) });
    }
  };

  const menuItem = (code: ActivationCode, action: CodeAction) => {
    switch (action) {
      case 'edit':
        return (
          <Menu.Item
            key="edit"
            component={Link}
            to={`/ibopro-playlist/${encodeURIComponent(code.value)}`}
            state={actingFor(code)}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t('activationCodes.actions.edit')}
          </Menu.Item>
        );
      case 'renew':
        return (
          <Menu.Item key="renew" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setDialog({ kind: 'renew', code })}>
            {t('activationCodes.actions.renew')}
          </Menu.Item>
        );
      case 'reset':
        return (
          <Menu.Item key="reset" leftSection={<IconRotate size={16} aria-hidden />} onClick={() => setDialog({ kind: 'reset', code })}>
            {t('activationCodes.actions.reset')}
          </Menu.Item>
        );
      case 'status':
        return (
          <Menu.Item key="status" leftSection={<IconToggleLeft size={16} aria-hidden />} onClick={() => changeStatus(code)}>
            {code.status === 0 ? t('activationCodes.actions.activate') : t('activationCodes.actions.deactivate')}
          </Menu.Item>
        );
      case 'delete':
        // Shade 8: the menu's default red text reads at 3.3:1 on white.
        return (
          <Menu.Item key="delete" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDialog({ kind: 'delete', code })}>
            {t('activationCodes.actions.delete')}
          </Menu.Item>
        );
    }
  };

  const actions = (code: ActivationCode) => {
    const allowed = codeActions(code).filter((action) => can[action]);
    if (allowed.length === 0) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('activationCodes.actions.of', { code: code.value })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {allowed.map((action) => [
            // Delete, the one that cannot be undone, stands apart at the end.
            action === 'delete' && allowed.length > 1 && <Menu.Divider key="divider" />,
            menuItem(code, action),
          ])}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const columns: Column<ActivationCode>[] = [
    {
      key: 'value',
      header: t('activationCodes.columns.code'),
      sortable: true,
      render: (code) => (
        <Group gap={4} wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            onClick={() => setDialog({ kind: 'details', code })}
            aria-label={t('activationCodes.detailsOf', { code: code.value })}
            aria-haspopup="dialog"
          >
            <CodeValue value={code.value} />
          </Anchor>
          <CopyValueButton value={code.value} label={t('activationCodes.copyCode', { code: code.value })} />
        </Group>
      ),
    },
    { key: 'type', header: t('activationCodes.columns.type'), sortable: true, render: (code) => t(`activationCodes.types.${code.type}`) },
    { key: 'email', header: t('activationCodes.columns.resellerEmail'), render: (code) => <Text size="sm">{code.email}</Text> },
    {
      key: 'device',
      header: t('activationCodes.columns.device'),
      render: (code) =>
        code.device_info ? (
          <Text size="sm" ff="monospace" dir="ltr">
            {code.device_info.mac_address}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'expire_date', card: 'lead', header: t('activationCodes.columns.expires'), sortable: true, render: (code) => <Text size="sm">{expiry(code)}</Text> },
    { key: 'status', card: 'lead', header: t('activationCodes.columns.state'), sortable: true, render: (code) => <CodeStateBadge code={code} /> },
    {
      key: 'created_at',
      header: t('activationCodes.columns.createdAt'),
      sortable: true,
      render: (code) => <Text size="sm">{formatRecordTime(code.created_at)}</Text>,
    },
    {
      key: 'actions',
      header: (
        <Text component="span" size="sm" fw={700}>
          {t('activationCodes.columns.actions')}
        </Text>
      ),
      align: 'right',
      width: 80,
      render: actions,
    },
  ];

  const answer = codes.data;
  const dialogCode = dialog && dialog.kind !== 'details' ? dialog.code : undefined;
  const confirmTexts = {
    renew: {
      title: t('activationCodes.renew.title'),
      message: t('activationCodes.renew.confirm', { code: dialogCode?.value ?? '', count: CODE_RENEW_COST }),
      label: t('activationCodes.actions.renew'),
      color: 'blue',
      loading: renew.isPending,
    },
    reset: {
      title: t('activationCodes.reset.title'),
      message: t('activationCodes.reset.confirm', { code: dialogCode?.value ?? '' }),
      label: t('activationCodes.actions.reset'),
      color: 'orange',
      loading: reset.isPending,
    },
    delete: {
      title: t('activationCodes.delete.title'),
      message: t('activationCodes.delete.confirm', { code: dialogCode?.value ?? '' }),
      label: t('activationCodes.actions.delete'),
      color: 'red',
      loading: remove.isPending,
    },
  };
  const shownConfirm = dialog && dialog.kind !== 'details' ? confirmTexts[dialog.kind] : undefined;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SearchInput
            onSearch={list.setKeyword}
            debounceMs={CODE_LIST_RELOAD_MS}
            label={t('activationCodes.list.search')}
            placeholder={t('activationCodes.list.searchPlaceholder')}
            w={280}
          />
          <DateRangeInput
            label={t('activationCodes.list.dates')}
            start={dates.picked.from}
            end={dates.picked.to}
            onChange={dates.change}
            error={dates.error ?? failure.dates}
            clearable={false}
            w={300}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exportCsv.isPending}
            disabled={answer?.meta.total === 0}
            onClick={() =>
              exportCsv.mutate(filters, {
                onSuccess: (count) => showSuccess(t('activationCodes.list.exported', { count })),
                onError: (error) => {
                  toastError(t('activationCodes.list.exportFailed'));
                  shownWhereItHappened(error);
                },
              })
            }
          >
            {t('activationCodes.list.export')}
          </Button>
          {can.create && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('activationCodes.list.create')}
            </Button>
          )}
        </Group>
      </Group>
      <DataTable
        label={t('activationCodes.list.table')}
        columns={columns}
        rows={answer?.data}
        rowKey={(code) => code.id}
        loading={codes.isFetching}
        error={failure.list}
        emptyText={t('activationCodes.list.empty')}
        {...list.tableProps}
        lastPage={answer?.meta.last_page}
        total={answer?.meta.total}
        totalCapped={answer?.meta.total_capped}
        sort={sort}
      />
      <CreateCodesModal opened={creating} onClose={() => setCreating(false)} canChooseReseller={can.chooseReseller} />
      <CodeDetailsModal code={dialog?.kind === 'details' ? dialog.code : undefined} onClose={() => setDialog(undefined)} />
      <ConfirmDialog
        opened={shownConfirm !== undefined}
        title={shownConfirm?.title ?? ''}
        message={shownConfirm?.message ?? ''}
        summary={
          (dialog?.kind === 'renew' && (
            <MoneySummary move="codeRenewal" recipient={`${dialog.code.value} · ${dialog.code.email}`} points={CODE_RENEW_COST} />
          )) ||
          (dialog?.kind === 'delete' && <RefundNote code={dialog.code} />)
        }
        confirmLabel={shownConfirm?.label ?? ''}
        color={shownConfirm?.color}
        loading={shownConfirm?.loading}
        onConfirm={confirm}
        onClose={() => setDialog(undefined)}
      />
      <ErrorDialog message={error} onClose={() => setError(undefined)} />
    </Stack>
  );
}

/**
 * What deleting the code gives back (issue 27), as the list read it for the caller: its price to
 * the account that paid for it while it is unredeemed and within the undo window, or why nothing.
 * The delete's answer says what actually came back.
 */
function RefundNote({ code }: { code: ActivationCode }) {
  const { t } = useTranslation();
  const refund = code.refundable_points > 0;
  return (
    <Text size="sm" fw={600}>
      {refund
        ? t('activationCodes.delete.refund', { points: t('money.points', { count: code.refundable_points, points: formatNumber(code.refundable_points) }) })
        : t(`activationCodes.delete.noRefund.${code.refund_refused ?? 'off'}`)}
    </Text>
  );
}
