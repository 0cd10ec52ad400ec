import { Badge, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ticketCommentBody, ticketMoveAllowed, TICKET_COMMENT_MAX_LENGTH, type Ticket, type TicketComment, type TicketCommentBody } from '@panel/contract';
import { useErrorText, useZodForm } from '../../components/form';
import { FormActions } from '../../components/form-actions';
import { showSuccess, shownWhereItHappened } from '../../lib/feedback';
import { toastError } from '../../components/toast';
import { formatRecordTime } from '../../lib/format';
import { session } from '../../lib/session';
import { useChangeTicketStatus } from './change-ticket-status';
import { ticketActionError } from './ticket-errors';
import { TicketDescription, TicketStatusBadge } from './ticket-parts';
import { useTextLimit } from '../../components/text-limit';

type Props = {
  ticket: Ticket | undefined;
  /** The caller's user id: only the raiser may reopen. */
  ownId: number | undefined;
  onClose: () => void;
  /** The ticket as the server answered after a reopening or a reply. */
  onChanged: (ticket: Ticket) => void;
};

/**
 * The ticket's popup (core-panel.md §2): status, title, created date, the description, the
 * thread of support and reseller comments in order, then the reopen form (the raiser with
 * 'REOPEN', once resolved or closed) and the reply form ('reply', while open or reopened).
 */
export function TicketDetailsModal({ ticket, ownId, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={ticket !== undefined}
      onClose={onClose}
      title={t('supportTickets.details.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('table.close') }}
    >
      {ticket && <TicketDetails ticket={ticket} ownId={ownId} onChanged={onChanged} />}
    </Modal>
  );
}

function TicketDetails({ ticket, ownId, onChanged }: { ticket: Ticket; ownId: number | undefined; onChanged: (ticket: Ticket) => void }) {
  const { t } = useTranslation();
  const canReopen = ticket.raised_by.id === ownId && session.has('REOPEN') && ticketMoveAllowed('reopen', ticket.status);
  const canReply = session.has('reply') && ticketMoveAllowed('resolve', ticket.status);
  const adminIds = new Set(ticket.admin_comments.map((c) => c.id));
  return (
    <Stack gap="md">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <TicketStatusBadge status={ticket.status} />
        <Text size="sm" c="dimmed">
          {t('supportTickets.details.created', { date: formatRecordTime(ticket.created_at, { utc: true }) })}
        </Text>
      </Group>
      <Title order={3} size="h4" dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {ticket.title}
      </Title>
      <Paper withBorder p="sm" radius="sm">
        <TicketDescription html={ticket.description} />
      </Paper>
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('supportTickets.details.thread')}
        </Title>
        {ticket.comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supportTickets.details.noComments')}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={t('supportTickets.details.thread')}>
            {ticket.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} fromSupport={adminIds.has(comment.id)} />
            ))}
          </Stack>
        )}
      </Stack>
      {canReopen && <CommentForm ticket={ticket} action="reopen" onChanged={onChanged} />}
      {canReply && <CommentForm ticket={ticket} action="resolve" onChanged={onChanged} />}
    </Stack>
  );
}

/** One comment: the support side's on a tinted card at the end, the reseller's plain at the start. */
function CommentItem({ comment, fromSupport }: { comment: TicketComment; fromSupport: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      role="listitem"
      withBorder
      p="sm"
      radius="md"
      bg={fromSupport ? 'var(--mantine-color-blue-light)' : undefined}
      ms={fromSupport ? 'xl' : 0}
      me={fromSupport ? 0 : 'xl'}
    >
      <Group gap="xs" justify="space-between" wrap="wrap" mb={4}>
        <Group gap="xs" wrap="wrap">
          <Badge size="sm" variant="filled" color={fromSupport ? 'blue.8' : 'gray.7'}>
            {fromSupport ? t('supportTickets.details.support') : t('supportTickets.details.reseller')}
          </Badge>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {comment.author.name || comment.author.email}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatRecordTime(comment.created_at, { utc: true })}
        </Text>
      </Group>
      <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.comment}
      </Text>
    </Paper>
  );
}

/** The reopen form (the raiser's) or the reply form (the support side's): a required comment, then the move. */
function CommentForm({ ticket, action, onChanged }: { ticket: Ticket; action: 'reopen' | 'resolve'; onChanged: (ticket: Ticket) => void }) {
  const { t } = useTranslation();
  const move = useChangeTicketStatus();
  const errorText = useErrorText();
  const form = useZodForm<TicketCommentBody>(ticketCommentBody, { initialValues: { comment: '' } });
  const limit = useTextLimit(form.values.comment, TICKET_COMMENT_MAX_LENGTH);
  const texts =
    action === 'reopen'
      ? { label: t('supportTickets.reopen.comment'), submit: t('supportTickets.reopen.submit'), done: t('supportTickets.reopen.done') }
      : { label: t('supportTickets.reply.comment'), submit: t('supportTickets.reply.submit'), done: t('supportTickets.reply.done'), hint: t('supportTickets.reply.hint') };

  const submit = form.submit((body) =>
    move.mutate(
      { action, id: ticket.id, comment: body.comment },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || texts.done);
          form.reset();
          onChanged(answer.data);
        },
        // The move's refusals are toasts on this screen, as in the ticket list.
        onError: (cause) => {
          if (!form.applyFieldErrors(cause)) toastError(ticketActionError(action, cause));
          shownWhereItHappened(cause);
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={texts.submit}>
      <Stack gap="xs">
        <Textarea
          label={texts.label}
          required
          rows={3}
          resize="vertical"
          dir="auto"
          {...form.getInputProps('comment')}
          description={limit.description}
          inputWrapperOrder={limit.inputWrapperOrder}
          error={errorText(form.errors.comment, 'comment', { label: texts.label, max: TICKET_COMMENT_MAX_LENGTH }) ?? limit.error}
        />
        {/* The specification's only answer resolves (core-panel.md §4): said before it is sent. */}
        {'hint' in texts && (
          <Text size="sm" c="dimmed">
            {texts.hint}
          </Text>
        )}
        <FormActions form={form}>
          <Button type="submit" loading={move.isPending} color={action === 'reopen' ? 'yellow.9' : 'violet'}>
            {texts.submit}
          </Button>
        </FormActions>
      </Stack>
    </form>
  );
}
