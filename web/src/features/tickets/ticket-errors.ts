import { ApiError } from '../../api/client';
import { i18n } from '../../i18n';

/** The server's sentence when it refused for a reason (a 4xx with its msg), else the screen's own fallback text. */
function refusal(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return Object.values(error.fieldErrors())[0] || error.message;
  }
  return undefined;
}

/**
 * core-panel.md §8, Tickets: deleting, closing and deleting all read the specification's fixed
 * texts ('No tickets to delete.' when there is nothing to delete); a reopening reads the
 * server's msg or 'An error occurred while reopening the ticket'. Withdraw and resolve, which the
 * specification leaves unsaid, read the server's reason or a text in the same words.
 */
export function ticketActionError(action: 'withdraw' | 'close' | 'reopen' | 'resolve' | 'delete' | 'deleteAll', error: unknown): string {
  switch (action) {
    case 'delete':
      return i18n.t('supportTickets.errors.deleteFailed');
    case 'close':
      return i18n.t('supportTickets.errors.closeFailed');
    case 'deleteAll':
      return error instanceof ApiError && error.status === 404
        ? i18n.t('supportTickets.errors.noTickets')
        : i18n.t('supportTickets.errors.deleteAllFailed');
    case 'reopen':
      return refusal(error) ?? i18n.t('supportTickets.errors.reopenFailed');
    case 'withdraw':
      return refusal(error) ?? i18n.t('supportTickets.errors.withdrawFailed');
    case 'resolve':
      return refusal(error) ?? i18n.t('supportTickets.errors.resolveFailed');
  }
}

/** The list's load failure. */
export const ticketListError = () => i18n.t('supportTickets.list.loadFailed');
