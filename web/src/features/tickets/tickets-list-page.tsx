import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconDots, IconEye, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ticketMoveAllowed, type Ticket } from '@panel/contract';
import { useProfile } from '../../api/profile';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column, type Sort } from '../../components/data-table';
import { SearchInput } from '../../components/search-input';
import { toastError } from '../../components/toast';
import { useListParams } from '../../components/use-list-params';
import { formatRecordTime } from '../../lib/format';
import { session } from '../../lib/session';
import { useChangeTicketStatus } from './change-ticket-status';
import { useDeleteAllTickets, useDeleteTicket } from './delete-ticket';
import { useTickets } from './get-tickets';
import { TicketDetailsModal } from './ticket-details-modal';
import { ticketActionError, ticketListError } from './ticket-errors';
import { TicketStatusBadge } from './ticket-parts';

/** Newest first; created_at is the one sortable column (§2). */
const DEFAULT_SORT: Sort = { key: 'created_at', direction: 'desc' };

type RowAction = 'view' | 'withdraw' | 'close' | 'delete';

/**
 * The menu items of one ticket for this caller (core-panel.md §2, §6): View with 'view-ticket';
 * Withdraw and Close on the caller's own ticket while it is open or reopened, with 'withdraw
 * ticket' and 'close-ticket'; Delete on the caller's own ticket, or any with 'delete-all-tickets'.
 */
export function ticketRowActions(ticket: Ticket, ownId: number | undefined, has: (permission: string) => boolean): RowAction[] {
  const own = ownId !== undefined && ticket.raised_by.id === ownId;
  const actions: RowAction[] = [];
  if (has('view-ticket')) actions.push('view');
  if (own && has('withdraw ticket') && ticketMoveAllowed('withdraw', ticket.status)) actions.push('withdraw');
  if (own && has('close-ticket') && ticketMoveAllowed('close', ticket.status)) actions.push('close');
  if (own || has('delete-all-tickets')) actions.push('delete');
  return actions;
}

type Confirm = { kind: 'delete'; ticket: Ticket } | { kind: 'deleteAll' };

/**
 * Tickets (core-panel.md §2; 'tickets list', checked by the route guard): the caller's tickets,
 * or every reseller's with 'raisedby-tickets list' (then with who raised each), searchable by
 * title, newest first, with a menu per ticket and its details popup.
 */
export function TicketsListPage() {
  const { t } = useTranslation();
  const ownId = useProfile().data?.data.id;
  const list = useListParams({ sort: DEFAULT_SORT });
  const sort = list.sort ?? DEFAULT_SORT;
  const [viewing, setViewing] = useState<Ticket>();
  const [confirm, setConfirm] = useState<Confirm>();
  const seesAll = session.has('raisedby-tickets list');
  const can = { create: session.has('new ticket'), deleteAll: session.has('delete-all-tickets') };

  const tickets = useTickets({
    page_number: list.page,
    page_size: list.pageSize,
    sort_key: 'created_at',
    sort_type: sort.direction,
    search_title: list.keyword,
  });
  const move = useChangeTicketStatus();
  const remove = useDeleteTicket();
  const removeAll = useDeleteAllTickets();

  /** The page chooses the text of each failure (core-panel.md §8) and toasts it itself. */
  const toastFailure = (action: Parameters<typeof ticketActionError>[0]) => (error: unknown) => {
    shownWhereItHappened(error);
    toastError(ticketActionError(action, error));
  };

  const changeStatus = (ticket: Ticket, action: 'withdraw' | 'close') =>
    move.mutate(
      { action, id: ticket.id },
      { onSuccess: (answer) => showSuccess(answer.msg || t(`supportTickets.done.${action}`)), onError: toastFailure(action) },
    );

  const confirmed = () => {
    if (!confirm) return;
    const close = () => setConfirm(undefined);
    if (confirm.kind === 'delete') {
      remove.mutate(confirm.ticket.id, {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('supportTickets.done.delete'));
          if (viewing?.id === confirm.ticket.id) setViewing(undefined);
        },
        onError: toastFailure('delete'),
        onSettled: close,
      });
    } else {
      removeAll.mutate(undefined, {
        onSuccess: (answer) => {
          showSuccess(answer.message || answer.msg || t('supportTickets.done.deleteAll', { count: answer.deleted }));
          setViewing(undefined);
        },
        onError: toastFailure('deleteAll'),
        onSettled: close,
      });
    }
  };

  const menu = (ticket: Ticket) => {
    const actions = ticketRowActions(ticket, ownId, (permission) => session.has(permission));
    if (actions.length === 0) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('supportTickets.actions.of', { title: ticket.title })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.includes('view') && (
            <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => setViewing(ticket)}>
              {t('supportTickets.actions.view')}
            </Menu.Item>
          )}
          {actions.includes('withdraw') && (
            <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => changeStatus(ticket, 'withdraw')}>
              {t('supportTickets.actions.withdraw')}
            </Menu.Item>
          )}
          {actions.includes('close') && (
            <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={() => changeStatus(ticket, 'close')}>
              {t('supportTickets.actions.close')}
            </Menu.Item>
          )}
          {actions.includes('delete') && [
            actions.length > 1 && <Menu.Divider key="divider" />,
            // Shade 8: the menu's default red text reads at 3.3:1 on white.
            <Menu.Item key="delete" color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirm({ kind: 'delete', ticket })}>
              {t('supportTickets.actions.delete')}
            </Menu.Item>,
          ]}
        </Menu.Dropdown>
      </Menu>
    );
  };

  const columns: Column<Ticket>[] = [
    {
      key: 'title',
      header: t('supportTickets.columns.title'),
      render: (ticket) =>
        session.has('view-ticket') ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="start"
            dir="auto"
            style={{ overflowWrap: 'anywhere' }}
            onClick={() => setViewing(ticket)}
            aria-haspopup="dialog"
          >
            {ticket.title}
          </Anchor>
        ) : (
          <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {ticket.title}
          </Text>
        ),
    },
    ...(seesAll
      ? [
          {
            key: 'raised_by',
            header: t('supportTickets.columns.raisedBy'),
            render: (ticket: Ticket) => (
              <Stack gap={0}>
                <Text size="sm">{ticket.raised_by.name}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {ticket.raised_by.email}
                </Text>
              </Stack>
            ),
          },
        ]
      : []),
    { key: 'status', card: 'lead', header: t('supportTickets.columns.status'), render: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    {
      key: 'created_at',
      header: t('supportTickets.columns.createdAt'),
      sortable: true,
      render: (ticket) => <Text size="sm">{formatRecordTime(ticket.created_at, { utc: true })}</Text>,
    },
    {
      key: 'actions',
      header: (
        <Text component="span" size="sm" fw={700}>
          {t('supportTickets.columns.actions')}
        </Text>
      ),
      align: 'right',
      width: 80,
      render: menu,
    },
  ];

  const answer = tickets.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput onSearch={list.setKeyword} label={t('supportTickets.list.search')} placeholder={t('supportTickets.list.searchPlaceholder')} w={280} />
        <Group gap="xs">
          {can.deleteAll && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              // Delete all ignores the search: only an unsearched empty list is known to hold no ticket.
              disabled={!list.keyword && answer?.meta.total === 0}
              onClick={() => setConfirm({ kind: 'deleteAll' })}
            >
              {t('supportTickets.list.deleteAll')}
            </Button>
          )}
          {can.create && (
            <Button component={Link} to="/create-ticket" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('supportTickets.list.create')}
            </Button>
          )}
        </Group>
      </Group>
      <DataTable
        label={t('supportTickets.list.table')}
        columns={columns}
        rows={answer?.tickets}
        rowKey={(ticket) => ticket.id}
        loading={tickets.isFetching}
        error={tickets.isError ? ticketListError() : undefined}
        emptyText={t('supportTickets.list.empty')}
        {...list.tableProps}
        lastPage={answer?.meta.last_page}
        total={answer?.meta.total}
        totalCapped={answer?.meta.total_capped}
        sort={sort}
      />
      <TicketDetailsModal ticket={viewing} ownId={ownId} onClose={() => setViewing(undefined)} onChanged={setViewing} />
      <ConfirmDialog
        opened={confirm !== undefined}
        title={confirm?.kind === 'deleteAll' ? t('supportTickets.deleteAll.title') : t('supportTickets.delete.title')}
        message={
          confirm?.kind === 'deleteAll'
            ? t('supportTickets.deleteAll.confirm')
            : t('supportTickets.delete.confirm', { title: confirm?.kind === 'delete' ? confirm.ticket.title : '' })
        }
        confirmLabel={confirm?.kind === 'deleteAll' ? t('supportTickets.list.deleteAll') : t('supportTickets.actions.delete')}
        loading={remove.isPending || removeAll.isPending}
        onConfirm={confirmed}
        onClose={() => setConfirm(undefined)}
      />
    </Stack>
  );
}
