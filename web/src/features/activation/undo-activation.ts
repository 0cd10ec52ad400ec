import { useMutation, useQueryClient } from '@tanstack/react-query';
import { undoActivationEndpoint, type UndoActivationAnswer } from '@panel/contract';
import { refreshAfterActivation } from '../../api/activation-queries';
import { call } from '../../api/client';

/**
 * POST /api/activations/:id/undo (issue 27): one activation row's cost back to whoever paid it and
 * the device as it was. A fresh `request-id` per attempt: a repeat of a lost answer refunds nothing more.
 */
export const undoActivation = (id: number, requestId: string = crypto.randomUUID()) =>
  call(undoActivationEndpoint, { params: { id }, headers: { 'request-id': requestId } });

/** Undoes the activation rows of one result (one per app), in order; answers the last answer. */
export function useUndoActivation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      let last: UndoActivationAnswer | undefined;
      let refunded = 0;
      for (const id of ids) {
        last = await undoActivation(id);
        refunded += last.data.credit_points;
      }
      return { answer: last!, refunded };
    },
    // The balance, the lists and the charts change as after an activation; also when one of several apps failed.
    onSettled: () => refreshAfterActivation(queryClient),
  });
}

/** Whether an undo may still be offered: the window is open (the server decides the rest). */
export const undoOpen = (until: string | null | undefined, now = Date.now()) => Boolean(until && new Date(until).getTime() > now);
