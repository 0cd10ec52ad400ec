import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoxesAnswer } from '@panel/contract';
import { api } from '../../api/client';
import { boxSummaryKey } from './get-box-summary';

export type BoxAction = 'enable' | 'disable';

export type ChangeBoxesInput = { action: BoxAction; resellerId: number; numberOfBoxes: number };

/**
 * POST /api/enable-random-boxes with `reseller_id`, or /api/disable-random-boxes with
 * `resellerId`: the two calls name the reseller differently, as the specification's client does.
 */
export const changeBoxes = ({ action, resellerId, numberOfBoxes }: ChangeBoxesInput) =>
  action === 'enable'
    ? api<BoxesAnswer>('/enable-random-boxes', { method: 'POST', body: { reseller_id: resellerId, numberOfBoxes } })
    : api<BoxesAnswer>('/disable-random-boxes', { method: 'POST', body: { resellerId, numberOfBoxes } });

export const useChangeBoxes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBoxes,
    // business-panel.md §8, Box management: the page chooses the message.
    meta: { silent: true },
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: boxSummaryKey(input.resellerId) }),
  });
};
